package oasimpl

import "unicode/utf8"

// appendCompact appends src to dst with insignificant white space removed,
// after checking that src is exactly one JSON value. String contents are
// copied byte for byte but for bytes that are not UTF-8 (see compactValid).
func (r *Reader) appendCompact(dst, src []byte) ([]byte, error) {
	r.Reset(src)
	if err := r.Skip(); err != nil {
		return dst, err
	}
	if err := r.End(); err != nil {
		return dst, err
	}
	return compactValid(dst, src), nil
}

// compactValid appends src, which is valid JSON, without white space
// outside strings. Bytes of strings that are not UTF-8 become U+FFFD, as
// the Reader's strings do: JSON text is UTF-8 (RFC 8259, section 8.1), so
// a free-form value never passes invalid text on to whoever reads it next.
func compactValid(dst, src []byte) []byte {
	inString := false
	start := 0
	for i := 0; i < len(src); i++ {
		c := src[i]
		if inString {
			switch {
			case c == '\\':
				i++
			case c == '"':
				inString = false
			case c >= utf8.RuneSelf:
				if _, size := utf8.DecodeRune(src[i:]); size > 1 {
					i += size - 1
				} else {
					dst = append(append(dst, src[start:i]...), "\ufffd"...)
					start = i + 1
				}
			}
			continue
		}
		switch c {
		case '"':
			inString = true
		case ' ', '\t', '\n', '\r':
			dst = append(dst, src[start:i]...)
			start = i + 1
		}
	}
	return append(dst, src[start:]...)
}

// Valid reports whether data is exactly one JSON value, by the same grammar
// the Reader enforces.
func Valid(data []byte) bool {
	r := Reader{buf: data}
	return r.Skip() == nil && r.End() == nil
}
