package build

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// ecmaSpace is ECMA-262's \s: white space and line terminators, which
// include Unicode spaces that RE2's ASCII \s does not.
const ecmaSpace = `\t\n\v\f\r \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}`

// translateRE2 rewrites an ECMA-262 regular expression into one RE2
// expression with the same meaning, or says why it cannot: lookaround and
// backreferences have no RE2 form (RE2 runs in time linear in the input,
// which is why a server should use it on client data).
func translateRE2(p string) (string, error) {
	var b strings.Builder
	inClass := false
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c == '\\':
			if i+1 >= len(p) {
				return "", fmt.Errorf("ends with a lone backslash")
			}
			i++
			e := p[i]
			switch {
			case e == 's':
				if inClass {
					b.WriteString(ecmaSpace)
				} else {
					b.WriteString("[" + ecmaSpace + "]")
				}
			case e == 'S' && !inClass:
				b.WriteString("[^" + ecmaSpace + "]")
			case e == 'u':
				r, n, ok := unicodeEscape(p[i+1:])
				if !ok {
					return "", fmt.Errorf(`bad \u escape at offset %d`, i-1)
				}
				i += n
				if 0xd800 <= r && r < 0xdc00 && strings.HasPrefix(p[i+1:], `\u`) {
					// A surrogate pair written as two escapes is one character.
					if lo, n, ok := unicodeEscape(p[i+3:]); ok && 0xdc00 <= lo && lo < 0xe000 {
						r = (r-0xd800)<<10 + (lo - 0xdc00) + 0x10000
						i += 2 + n
					}
				}
				fmt.Fprintf(&b, `\x{%x}`, r)
			case e == 'b' && inClass:
				b.WriteString(`\x{8}`) // backspace, inside a class
			case e == 'c' && i+1 < len(p) && isLetter(p[i+1]):
				fmt.Fprintf(&b, `\x{%x}`, p[i+1]%32)
				i++
			case e == '0' && (i+1 >= len(p) || !isDigit(p[i+1])):
				b.WriteString(`\x{0}`)
			case isDigit(e):
				return "", &constructError{msg: fmt.Sprintf(`backreference \%c has no RE2 form`, e)}
			case e == 'k' && i+1 < len(p) && p[i+1] == '<':
				return "", &constructError{msg: `named backreference \k<...> has no RE2 form`}
			case e == '/' || e == '-' && !inClass:
				b.WriteByte(e) // an escape ECMA needs and RE2 does not
			default:
				b.WriteByte('\\')
				b.WriteByte(e)
			}
		case inClass:
			if c == ']' {
				inClass = false
			}
			if c == '[' {
				b.WriteString(`\[`) // literal in ECMA; a class-in-class in RE2
				continue
			}
			b.WriteByte(c)
		case c == '[':
			switch {
			case strings.HasPrefix(p[i:], "[^]"):
				b.WriteString(`[\x{0}-\x{10ffff}]`) // any character
				i += 2
			case strings.HasPrefix(p[i:], "[]"):
				b.WriteString(`[^\x{0}-\x{10ffff}]`) // no character
				i++
			default:
				inClass = true
				b.WriteByte(c)
				if i+1 < len(p) && p[i+1] == '^' {
					b.WriteByte('^')
					i++
				}
				if i+1 < len(p) && p[i+1] == ']' {
					b.WriteString(`\]`) // "[]a]" is an empty class then "a]" in ECMA; rare, but never an RE2 "]" literal
					i++
				}
			}
		case c == '(' && strings.HasPrefix(p[i:], "(?"):
			rest := p[i+2:]
			switch {
			case strings.HasPrefix(rest, "="), strings.HasPrefix(rest, "!"):
				return "", &constructError{fmt.Sprintf("lookahead %q has no RE2 form", p[i:i+3]), true}
			case strings.HasPrefix(rest, "<="), strings.HasPrefix(rest, "<!"):
				return "", &constructError{fmt.Sprintf("lookbehind %q has no RE2 form", p[i:i+4]), true}
			case strings.HasPrefix(rest, "<"):
				b.WriteString("(?P<")
				i += 2
			default:
				b.WriteByte(c)
			}
		case c == '.':
			b.WriteString(`[^\n\r\x{2028}\x{2029}]`) // ECMA's dot stops at every line terminator
		default:
			b.WriteByte(c)
		}
	}
	out := b.String()
	if _, err := regexp.Compile(out); err != nil {
		return "", fmt.Errorf("RE2 cannot compile it: %s", strings.TrimPrefix(err.Error(), "error parsing regexp: "))
	}
	return out, nil
}

// quotePattern quotes a pattern for messages, with its backslashes as
// written where it can.
func quotePattern(p string) string {
	if strconv.CanBackquote(p) {
		return "`" + p + "`"
	}
	return strconv.Quote(p)
}

// unicodeEscape reads the part of \uXXXX or \u{X...} after the "u".
func unicodeEscape(s string) (r rune, n int, ok bool) {
	if strings.HasPrefix(s, "{") {
		end := strings.IndexByte(s, '}')
		if end < 2 {
			return 0, 0, false
		}
		v, err := strconv.ParseUint(s[1:end], 16, 32)
		return rune(v), end + 1, err == nil && v <= 0x10ffff
	}
	if len(s) < 4 {
		return 0, 0, false
	}
	v, err := strconv.ParseUint(s[:4], 16, 32)
	return rune(v), 4, err == nil
}

func isDigit(c byte) bool  { return '0' <= c && c <= '9' }
func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
