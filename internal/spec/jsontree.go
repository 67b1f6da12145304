package spec

import (
	"regexp"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/pb33f/go-yaml"
)

// parseJSONTree parses a JSON document into the tree go-yaml makes of the
// same text: the same kinds, tags, styles, values, lines and columns
// (TestJSONTreeMatchesYAML compares the two on every JSON spec of the
// corpus). YAML's parser reads JSON as YAML's flow style, keeping every
// token of the outermost mapping queued until its end: on Microsoft Graph
// beta's 47 MB that took 10 s and 4 GB. This reads it in one pass. ok is
// false for what it does not read the way go-yaml would (text that is not
// JSON, a key and its colon on different lines, a lone UTF-16 surrogate,
// the characters YAML takes for line breaks); go-yaml reads that.
func parseJSONTree(data []byte) (*yaml.Node, bool) {
	p := jsonParser{data: data, line: 1, col: 1, keys: map[string]string{}}
	p.space()
	if p.pos >= len(data) || data[p.pos] != '{' {
		return nil, false
	}
	doc := p.node()
	doc.Kind, doc.Line, doc.Column = yaml.DocumentNode, p.line, p.col
	top, ok := p.value(0)
	if !ok {
		return nil, false
	}
	p.space()
	if p.pos != len(data) {
		return nil, false
	}
	doc.Content = []*yaml.Node{top}
	return doc, true
}

// jsonMaxDepth bounds the nesting parseJSONTree reads itself.
const jsonMaxDepth = 1000

// jsonParser reads a JSON text, tracking the line and column (in
// characters, as YAML counts them) of its position.
type jsonParser struct {
	data      []byte
	pos       int
	line, col int
	colPos    int // the offset at which col was last brought up to date

	nodes []yaml.Node  // a block the tree's nodes are allocated from
	kids  []*yaml.Node // the children of the collections being read
	slab  []*yaml.Node // a block collections' Content is carved from
	keys  map[string]string
	buf   []byte
}

// node returns a new node from the current block.
func (p *jsonParser) node() *yaml.Node {
	if len(p.nodes) == 0 {
		p.nodes = make([]yaml.Node, 1024)
	}
	n := &p.nodes[0]
	p.nodes = p.nodes[1:]
	return n
}

// content returns the children from start on as a slice of their own,
// with no room to grow into its neighbour's (the tree is rewritten in
// places: refsiblings.go appends to an allOf).
func (p *jsonParser) content(start int) []*yaml.Node {
	n := len(p.kids) - start
	if n == 0 {
		return nil
	}
	if n > len(p.slab) {
		p.slab = make([]*yaml.Node, max(n, 4096))
	}
	c := p.slab[:n:n]
	p.slab = p.slab[n:]
	copy(c, p.kids[start:])
	p.kids = p.kids[:start]
	return c
}

// mark brings the column up to the current position: it counts the
// characters (the bytes that do not continue a UTF-8 sequence) since the
// last mark. Newlines are only met in white space, which space counts.
func (p *jsonParser) mark() {
	for _, c := range p.data[p.colPos:p.pos] {
		if c&0xC0 != 0x80 {
			p.col++
		}
	}
	p.colPos = p.pos
}

// space skips white space, counting lines.
func (p *jsonParser) space() {
	p.mark()
	for p.pos < len(p.data) {
		switch p.data[p.pos] {
		case ' ', '\t':
			p.pos++
			p.col++
		case '\n':
			p.pos++
			p.line, p.col = p.line+1, 1
		case '\r':
			p.pos++
			if p.pos < len(p.data) && p.data[p.pos] == '\n' {
				p.pos++
			}
			p.line, p.col = p.line+1, 1
		default:
			p.colPos = p.pos
			return
		}
	}
	p.colPos = p.pos
}

// value reads the value at the current position (white space skipped).
func (p *jsonParser) value(depth int) (*yaml.Node, bool) {
	if p.pos >= len(p.data) || depth > jsonMaxDepth {
		return nil, false
	}
	if p.data[p.pos] == '"' {
		return p.str(false)
	}
	n := p.node()
	n.Line, n.Column = p.line, p.col
	switch c := p.data[p.pos]; {
	case c == '{':
		n.Kind, n.Style, n.Tag = yaml.MappingNode, yaml.FlowStyle, "!!map"
		p.pos++
		start := len(p.kids)
		p.space()
		if p.pos < len(p.data) && p.data[p.pos] == '}' {
			p.pos++
			return n, true
		}
		for {
			if p.pos >= len(p.data) || p.data[p.pos] != '"' {
				return nil, false
			}
			k, ok := p.str(true)
			if !ok {
				return nil, false
			}
			line := p.line
			p.space()
			if p.pos >= len(p.data) || p.data[p.pos] != ':' || p.line != line {
				return nil, false
			}
			p.pos++
			p.space()
			v, ok := p.value(depth + 1)
			if !ok {
				return nil, false
			}
			p.kids = append(p.kids, k, v)
			p.space()
			if p.pos >= len(p.data) {
				return nil, false
			}
			if p.data[p.pos] == '}' {
				p.pos++
				n.Content = p.content(start)
				return n, true
			}
			if p.data[p.pos] != ',' {
				return nil, false
			}
			p.pos++
			p.space()
		}
	case c == '[':
		n.Kind, n.Style, n.Tag = yaml.SequenceNode, yaml.FlowStyle, "!!seq"
		p.pos++
		start := len(p.kids)
		p.space()
		if p.pos < len(p.data) && p.data[p.pos] == ']' {
			p.pos++
			return n, true
		}
		for {
			v, ok := p.value(depth + 1)
			if !ok {
				return nil, false
			}
			p.kids = append(p.kids, v)
			p.space()
			if p.pos >= len(p.data) {
				return nil, false
			}
			if p.data[p.pos] == ']' {
				p.pos++
				n.Content = p.content(start)
				return n, true
			}
			if p.data[p.pos] != ',' {
				return nil, false
			}
			p.pos++
			p.space()
		}
	case c == 't' || c == 'f' || c == 'n':
		for _, lit := range [...]string{"true", "false", "null"} {
			if len(p.data)-p.pos >= len(lit) && string(p.data[p.pos:p.pos+len(lit)]) == lit {
				p.pos += len(lit)
				n.Kind, n.Value, n.Tag = yaml.ScalarNode, lit, "!!bool"
				if lit == "null" {
					n.Tag = "!!null"
				}
				return n, true
			}
		}
		return nil, false
	default:
		return p.number(n)
	}
}

// yamlFloat is what YAML's resolver requires of a plain scalar to read it
// as a float.
var yamlFloat = regexp.MustCompile(`^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$`)

// number reads a JSON number into n, tagged as go-yaml resolves it.
func (p *jsonParser) number(n *yaml.Node) (*yaml.Node, bool) {
	start := p.pos
	i := p.pos
	if i < len(p.data) && p.data[i] == '-' {
		i++
	}
	digits := func() bool {
		s := i
		for i < len(p.data) && p.data[i] >= '0' && p.data[i] <= '9' {
			i++
		}
		return i > s
	}
	if i < len(p.data) && p.data[i] == '0' {
		i++
	} else if !digits() {
		return nil, false
	}
	integral := true
	if i < len(p.data) && p.data[i] == '.' {
		i++
		if !digits() {
			return nil, false
		}
		integral = false
	}
	if i < len(p.data) && (p.data[i] == 'e' || p.data[i] == 'E') {
		i++
		if i < len(p.data) && (p.data[i] == '+' || p.data[i] == '-') {
			i++
		}
		if !digits() {
			return nil, false
		}
		integral = false
	}
	p.pos = i
	text := string(p.data[start:i])
	n.Kind, n.Value, n.Tag = yaml.ScalarNode, text, "!!float"
	if integral {
		if _, err := strconv.ParseInt(text, 0, 64); err == nil {
			n.Tag = "!!int"
		} else if _, err := strconv.ParseUint(text, 0, 64); err == nil {
			n.Tag = "!!int"
		}
	}
	if n.Tag == "!!float" && !yamlFloat.MatchString(text) {
		return nil, false
	}
	return n, true
}

// str reads the string at the current position into a new node; keys
// (key) are interned: a spec repeats them thousands of times.
func (p *jsonParser) str(key bool) (*yaml.Node, bool) {
	n := p.node()
	n.Kind, n.Style, n.Tag = yaml.ScalarNode, yaml.DoubleQuotedStyle, "!!str"
	n.Line, n.Column = p.line, p.col
	i := p.pos + 1
	start := i
	for i < len(p.data) && p.data[i] != '"' && p.data[i] != '\\' && p.data[i] >= 0x20 && p.data[i] < utf8.RuneSelf {
		i++
	}
	if i < len(p.data) && p.data[i] == '"' {
		n.Value = p.text(p.data[start:i], key)
		p.pos = i + 1
		return n, true
	}
	out := append(p.buf[:0], p.data[start:i]...)
	for {
		if i >= len(p.data) {
			return nil, false
		}
		c := p.data[i]
		switch {
		case c == '"':
			p.buf = out
			n.Value = p.text(out, key)
			p.pos = i + 1
			return n, true
		case c < 0x20:
			return nil, false
		case c == '\\':
			if i+1 >= len(p.data) {
				return nil, false
			}
			i += 2
			switch p.data[i-1] {
			case '"', '\\', '/':
				out = append(out, p.data[i-1])
			case 'b':
				out = append(out, '\b')
			case 'f':
				out = append(out, '\f')
			case 'n':
				out = append(out, '\n')
			case 'r':
				out = append(out, '\r')
			case 't':
				out = append(out, '\t')
			case 'u':
				r, ok := hex4At(p.data, i)
				if !ok {
					return nil, false
				}
				i += 4
				if utf16.IsSurrogate(r) {
					// A pair, or YAML would read it otherwise.
					if i+6 > len(p.data) || p.data[i] != '\\' || p.data[i+1] != 'u' {
						return nil, false
					}
					r2, ok := hex4At(p.data, i+2)
					if !ok {
						return nil, false
					}
					if r = utf16.DecodeRune(r, r2); r == utf8.RuneError {
						return nil, false
					}
					i += 6
				}
				out = utf8.AppendRune(out, r)
			default:
				return nil, false
			}
		case c < utf8.RuneSelf:
			out = append(out, c)
			i++
		default:
			r, size := utf8.DecodeRune(p.data[i:])
			if r == utf8.RuneError && size == 1 || r == '\u2028' || r == '\u2029' || r == '\u0085' {
				// go-yaml takes these three for line breaks, and folds the
				// string around them: a JSON reading would differ.
				return nil, false
			}
			out = append(out, p.data[i:i+size]...)
			i += size
		}
	}
}

// text returns b as a string, interned when it is a key.
func (p *jsonParser) text(b []byte, key bool) string {
	if !key || len(b) > 64 {
		return string(b)
	}
	if s, ok := p.keys[string(b)]; ok {
		return s
	}
	s := string(b)
	p.keys[s] = s
	return s
}

// hex4At reads four hex digits at s[i:].
func hex4At(s []byte, i int) (rune, bool) {
	if i+4 > len(s) {
		return 0, false
	}
	var r rune
	for _, c := range s[i : i+4] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}
