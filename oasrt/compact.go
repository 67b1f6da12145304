package oasrt

// appendCompact appends src to dst with insignificant white space removed,
// after checking that src is exactly one JSON value. String contents are
// copied byte for byte, as encoding/json's Compact does.
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
// outside strings.
func compactValid(dst, src []byte) []byte {
	inString := false
	start := 0
	for i := 0; i < len(src); i++ {
		c := src[i]
		if inString {
			switch c {
			case '\\':
				i++
			case '"':
				inString = false
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
