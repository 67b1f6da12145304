package oasimpl

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// ValidRegex reports whether s is a regular expression of ECMA-262
// (section 22.2.1, "Patterns"), read with the u flag as JSON Schema asks:
// lookarounds, named groups, backreferences to groups that exist, \cX
// control escapes, \p{...} Unicode properties, [^] and modifier groups
// such as (?i:...) are regular expressions; (?i), \a, \z, a lone { or ]
// and a quantified assertion are not. Only the syntax is checked.
func ValidRegex(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	p := ecmaParser{src: s}
	if !p.disjunction() || p.pos != len(s) {
		return false
	}
	if p.maxBackref > p.groups {
		return false
	}
	for _, name := range p.refNames {
		if !p.names[name] {
			return false
		}
	}
	return true
}

// ecmaParser reads an ECMA-262 pattern by recursive descent.
type ecmaParser struct {
	src        string
	pos        int
	depth      int
	groups     int             // capturing groups
	names      map[string]bool // group names
	refNames   []string        // names \k refers to
	maxBackref int             // the greatest \N
}

func (p *ecmaParser) more() bool { return p.pos < len(p.src) }

func (p *ecmaParser) peek() byte {
	if p.pos < len(p.src) {
		return p.src[p.pos]
	}
	return 0
}

func (p *ecmaParser) eat(prefix string) bool {
	if strings.HasPrefix(p.src[p.pos:], prefix) {
		p.pos += len(prefix)
		return true
	}
	return false
}

// disjunction reads Alternatives separated by '|', up to a ')' or the end.
func (p *ecmaParser) disjunction() bool {
	if p.depth++; p.depth > 1000 {
		return false
	}
	defer func() { p.depth-- }()
	for {
		for p.more() && p.peek() != '|' && p.peek() != ')' {
			if !p.term() {
				return false
			}
		}
		if !p.eat("|") {
			return true
		}
	}
}

// term reads an assertion or an atom with its quantifier.
func (p *ecmaParser) term() bool {
	switch {
	case p.eat("^"), p.eat("$"), p.eat(`\b`), p.eat(`\B`):
		return !p.quantifierNext()
	case p.eat("(?="), p.eat("(?!"), p.eat("(?<="), p.eat("(?<!"):
		// With the u flag no lookaround is quantifiable.
		return p.disjunction() && p.eat(")") && !p.quantifierNext()
	}
	if !p.atom() {
		return false
	}
	return p.quantifier()
}

// quantifierNext reports whether a quantifier follows.
func (p *ecmaParser) quantifierNext() bool {
	switch p.peek() {
	case '*', '+', '?':
		return true
	case '{':
		save := p.pos
		ok := p.braces()
		p.pos = save
		return ok
	}
	return false
}

// quantifier reads an optional quantifier and its '?'.
func (p *ecmaParser) quantifier() bool {
	switch p.peek() {
	case '*', '+', '?':
		p.pos++
	case '{':
		if !p.braces() {
			return false // a lone '{' is no pattern character with u
		}
	default:
		return true
	}
	p.eat("?")
	return true
}

// braces reads {n}, {n,} or {n,m} with n <= m.
func (p *ecmaParser) braces() bool {
	if !p.eat("{") {
		return false
	}
	lo, ok := p.decimal()
	if !ok {
		return false
	}
	if p.eat("}") {
		return true
	}
	if !p.eat(",") {
		return false
	}
	if p.eat("}") {
		return true
	}
	hi, ok := p.decimal()
	return ok && p.eat("}") && cmpDecimal(lo, hi) <= 0
}

// decimal reads one or more digits, returned without leading zeros.
func (p *ecmaParser) decimal() (string, bool) {
	start := p.pos
	for p.more() && '0' <= p.peek() && p.peek() <= '9' {
		p.pos++
	}
	if p.pos == start {
		return "", false
	}
	d := strings.TrimLeft(p.src[start:p.pos], "0")
	return d, true
}

// cmpDecimal compares two digit strings without leading zeros.
func cmpDecimal(a, b string) int {
	if len(a) != len(b) {
		return len(a) - len(b)
	}
	return strings.Compare(a, b)
}

// atom reads a pattern character, '.', an escape, a class or a group.
func (p *ecmaParser) atom() bool {
	switch c := p.peek(); c {
	case '.':
		p.pos++
		return true
	case '\\':
		p.pos++
		return p.atomEscape()
	case '[':
		return p.class()
	case '(':
		p.pos++
		switch {
		case p.eat("?:"):
		case p.eat("?<"):
			name, ok := p.groupName()
			if !ok || p.names[name] {
				return false
			}
			if p.names == nil {
				p.names = map[string]bool{}
			}
			p.names[name] = true
			p.groups++
		case p.peek() == '?':
			p.pos++
			if !p.modifiers() {
				return false
			}
		default:
			p.groups++
		}
		return p.disjunction() && p.eat(")")
	case '*', '+', '?', '{', '}', ')', ']', '|', '^', '$':
		return false // nothing to repeat, or a syntax character alone
	}
	_, size := utf8.DecodeRuneInString(p.src[p.pos:])
	p.pos += size
	return true
}

// modifiers reads the flags of a modifier group, "ims-ims:" after "(?":
// each flag at most once, and at least one.
func (p *ecmaParser) modifiers() bool {
	seen := ""
	n := 0
	minus := false
	for p.more() {
		c := p.peek()
		switch {
		case c == ':':
			p.pos++
			return n > 0
		case c == '-' && !minus:
			minus = true
		case strings.IndexByte("ims", c) >= 0 && strings.IndexByte(seen, c) < 0:
			seen += string(c)
			n++
		default:
			return false
		}
		p.pos++
	}
	return false
}

// groupName reads a group name and its '>', after "<".
func (p *ecmaParser) groupName() (string, bool) {
	var b strings.Builder
	for first := true; ; first = false {
		if p.eat(">") {
			return b.String(), !first
		}
		var r rune
		if p.eat(`\u`) {
			var ok bool
			if r, ok = p.unicodeEscape(); !ok {
				return "", false
			}
		} else {
			var size int
			r, size = utf8.DecodeRuneInString(p.src[p.pos:])
			if size == 0 {
				return "", false
			}
			p.pos += size
		}
		ok := r == '$' || r == '_' || unicode.IsLetter(r) || unicode.Is(unicode.Nl, r)
		if !first {
			ok = ok || r == '\u200c' || r == '\u200d' || unicode.In(r, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc)
		}
		if !ok {
			return "", false
		}
		b.WriteRune(r)
	}
}

// atomEscape reads what follows a '\' outside a class.
func (p *ecmaParser) atomEscape() bool {
	c := p.peek()
	switch {
	case '1' <= c && c <= '9':
		d, _ := p.decimal()
		if len(d) > 6 {
			return false
		}
		n := 0
		for i := 0; i < len(d); i++ {
			n = n*10 + int(d[i]-'0')
		}
		p.maxBackref = max(p.maxBackref, n)
		return true
	case c == 'k':
		p.pos++
		if !p.eat("<") {
			return false
		}
		name, ok := p.groupName()
		p.refNames = append(p.refNames, name)
		return ok
	}
	_, ok := p.classEscape(false)
	return ok
}

// classEscape reads what follows a '\' (inside a class when inClass) and
// returns the code point it stands for, or -1 for a class of them (\d,
// \p{...}).
func (p *ecmaParser) classEscape(inClass bool) (rune, bool) {
	if !p.more() {
		return 0, false
	}
	c := p.peek()
	p.pos++
	switch c {
	case 'd', 'D', 's', 'S', 'w', 'W':
		return -1, true
	case 'p', 'P':
		return -1, p.property()
	case 'f':
		return '\f', true
	case 'n':
		return '\n', true
	case 'r':
		return '\r', true
	case 't':
		return '\t', true
	case 'v':
		return '\v', true
	case 'b':
		return '\b', inClass
	case '-':
		return '-', inClass
	case 'c':
		l := p.peek()
		if 'a' <= l && l <= 'z' || 'A' <= l && l <= 'Z' {
			p.pos++
			return rune(l % 32), true
		}
		return 0, false
	case '0':
		if d := p.peek(); '0' <= d && d <= '9' {
			return 0, false
		}
		return 0, true
	case 'x':
		if p.pos+2 <= len(p.src) && isHex(p.src[p.pos]) && isHex(p.src[p.pos+1]) {
			r := rune(unhexByte(p.src[p.pos])<<4 | unhexByte(p.src[p.pos+1]))
			p.pos += 2
			return r, true
		}
		return 0, false
	case 'u':
		return p.unicodeEscape()
	}
	// An identity escape: with the u flag, a syntax character or '/'.
	if strings.IndexByte(`^$\.*+?()[]{}|/`, c) >= 0 {
		return rune(c), true
	}
	return 0, false
}

// unicodeEscape reads what follows "\u": four hex digits (a surrogate
// pair of two escapes is one code point) or {hex} up to 10FFFF.
func (p *ecmaParser) unicodeEscape() (rune, bool) {
	if p.eat("{") {
		start := p.pos
		v := 0
		for p.more() && isHex(p.peek()) {
			v = v*16 + int(unhexByte(p.peek()))
			if v > unicode.MaxRune {
				return 0, false
			}
			p.pos++
		}
		if p.pos == start || !p.eat("}") {
			return 0, false
		}
		return rune(v), true
	}
	r, ok := p.hex4()
	if !ok {
		return 0, false
	}
	if 0xd800 <= r && r < 0xdc00 && strings.HasPrefix(p.src[p.pos:], `\u`) {
		save := p.pos
		p.pos += 2
		if lo, ok := p.hex4(); ok && 0xdc00 <= lo && lo <= 0xdfff {
			return 0x10000 + (r-0xd800)<<10 + (lo - 0xdc00), true
		}
		p.pos = save
	}
	return r, true
}

func (p *ecmaParser) hex4() (rune, bool) {
	if p.pos+4 > len(p.src) {
		return 0, false
	}
	var r rune
	for i := 0; i < 4; i++ {
		c := p.src[p.pos+i]
		if !isHex(c) {
			return 0, false
		}
		r = r<<4 | rune(unhexByte(c))
	}
	p.pos += 4
	return r, true
}

func unhexByte(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c >= 'a':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

// class reads a character class: '[', an optional '^', atoms and ranges
// (whose ends are single code points, in order), ']'.
func (p *ecmaParser) class() bool {
	p.pos++ // '['
	p.eat("^")
	for {
		if !p.more() {
			return false
		}
		if p.eat("]") {
			return true
		}
		lo, ok := p.classAtom()
		if !ok {
			return false
		}
		if p.peek() != '-' || strings.HasPrefix(p.src[p.pos:], "-]") {
			continue
		}
		p.pos++ // '-'
		hi, ok := p.classAtom()
		if !ok || lo < 0 || hi < 0 || lo > hi {
			return false
		}
	}
}

// classAtom reads one atom of a class: a code point, or -1 for a class
// escape.
func (p *ecmaParser) classAtom() (rune, bool) {
	if p.eat(`\`) {
		return p.classEscape(true)
	}
	r, size := utf8.DecodeRuneInString(p.src[p.pos:])
	if size == 0 {
		return 0, false
	}
	p.pos += size
	return r, true
}

// property reads the {Name} or {Name=Value} of \p or \P.
func (p *ecmaParser) property() bool {
	if !p.eat("{") {
		return false
	}
	end := strings.IndexByte(p.src[p.pos:], '}')
	if end < 0 {
		return false
	}
	body := p.src[p.pos : p.pos+end]
	p.pos += end + 1
	name, value, hasValue := strings.Cut(body, "=")
	if !hasValue {
		return generalCategory[name] || binaryProperty[name]
	}
	switch name {
	case "General_Category", "gc":
		return generalCategory[value]
	case "Script", "sc", "Script_Extensions", "scx":
		return scriptName(value)
	}
	return false
}

// scriptName reports whether v names a Unicode script: its long name, as
// Go's tables have it, or a four-letter ISO 15924 code.
func scriptName(v string) bool {
	if _, ok := unicode.Scripts[v]; ok || v == "Unknown" {
		return true
	}
	if len(v) != 4 || v[0] < 'A' || v[0] > 'Z' {
		return false
	}
	for i := 1; i < 4; i++ {
		if v[i] < 'a' || v[i] > 'z' {
			return false
		}
	}
	return true
}

// generalCategory holds the values of General_Category that ECMA-262
// accepts alone in \p{...} (Unicode's PropertyValueAliases.txt).
var generalCategory = setOf(
	"C", "Other", "Cc", "Control", "cntrl", "Cf", "Format", "Cn", "Unassigned",
	"Co", "Private_Use", "Cs", "Surrogate", "L", "Letter", "LC", "Cased_Letter",
	"Ll", "Lowercase_Letter", "Lm", "Modifier_Letter", "Lo", "Other_Letter",
	"Lt", "Titlecase_Letter", "Lu", "Uppercase_Letter", "M", "Mark",
	"Combining_Mark", "Mc", "Spacing_Mark", "Me", "Enclosing_Mark", "Mn",
	"Nonspacing_Mark", "N", "Number", "Nd", "Decimal_Number", "digit", "Nl",
	"Letter_Number", "No", "Other_Number", "P", "Punctuation", "punct", "Pc",
	"Connector_Punctuation", "Pd", "Dash_Punctuation", "Pe",
	"Close_Punctuation", "Pf", "Final_Punctuation", "Pi",
	"Initial_Punctuation", "Po", "Other_Punctuation", "Ps",
	"Open_Punctuation", "S", "Symbol", "Sc", "Currency_Symbol", "Sk",
	"Modifier_Symbol", "Sm", "Math_Symbol", "So", "Other_Symbol", "Z",
	"Separator", "Zl", "Line_Separator", "Zp", "Paragraph_Separator", "Zs",
	"Space_Separator",
)

// binaryProperty holds the binary Unicode properties of ECMA-262's table
// "Binary Unicode property aliases", with their short names.
var binaryProperty = setOf(
	"ASCII", "ASCII_Hex_Digit", "AHex", "Alphabetic", "Alpha", "Any",
	"Assigned", "Bidi_Control", "Bidi_C", "Bidi_Mirrored", "Bidi_M",
	"Case_Ignorable", "CI", "Cased", "Changes_When_Casefolded", "CWCF",
	"Changes_When_Casemapped", "CWCM", "Changes_When_Lowercased", "CWL",
	"Changes_When_NFKC_Casefolded", "CWKCF", "Changes_When_Titlecased", "CWT",
	"Changes_When_Uppercased", "CWU", "Dash", "Default_Ignorable_Code_Point",
	"DI", "Deprecated", "Dep", "Diacritic", "Dia", "Emoji", "Emoji_Component",
	"EComp", "Emoji_Modifier", "EMod", "Emoji_Modifier_Base", "EBase",
	"Emoji_Presentation", "EPres", "Extended_Pictographic", "ExtPict",
	"Extender", "Ext", "Grapheme_Base", "Gr_Base", "Grapheme_Extend", "Gr_Ext",
	"Hex_Digit", "Hex", "IDS_Binary_Operator", "IDSB", "IDS_Trinary_Operator",
	"IDST", "ID_Continue", "IDC", "ID_Start", "IDS", "Ideographic", "Ideo",
	"Join_Control", "Join_C", "Logical_Order_Exception", "LOE", "Lowercase",
	"Lower", "Math", "Noncharacter_Code_Point", "NChar", "Pattern_Syntax",
	"Pat_Syn", "Pattern_White_Space", "Pat_WS", "Quotation_Mark", "QMark",
	"Radical", "Regional_Indicator", "RI", "Sentence_Terminal", "STerm",
	"Soft_Dotted", "SD", "Terminal_Punctuation", "Term", "Unified_Ideograph",
	"UIdeo", "Uppercase", "Upper", "Variation_Selector", "VS", "White_Space",
	"space", "XID_Continue", "XIDC", "XID_Start", "XIDS",
)

func setOf(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}
