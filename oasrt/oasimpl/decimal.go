package oasimpl

import (
	"strconv"

	"github.com/oasgen/oasgen/oasrt"
)

// Decimal writes d as a JSON number, or as a JSON string holding one when
// quoted (type string with format decimal). A d that is not a number is
// written as 0 and fails the Writer with ErrBadDecimal.
func (w *Writer) Decimal(d oasrt.Decimal, quoted bool) {
	s := string(d)
	if s == "" {
		s = "0"
	} else if !oasrt.Decimal(s).Valid() {
		w.Fail(oasrt.ErrBadDecimal)
		s = "0"
	}
	if quoted {
		w.setBuf(append(append(append(w.Buf, '"'), s...), '"'))
		return
	}
	w.setBuf(append(w.Buf, s...))
}

// Decimal reads a JSON number as written, or, when quoted, a JSON string
// holding a JSON number.
func (r *Reader) Decimal(quoted bool) (oasrt.Decimal, error) {
	if !quoted {
		b, err := r.NumberText()
		if err != nil {
			return "", err
		}
		return oasrt.Decimal(r.intern(b)), nil
	}
	start := r.Start()
	b, err := r.StrBytes()
	if err != nil {
		return "", err
	}
	d := oasrt.Decimal(r.intern(b))
	if !d.Valid() || d == "" {
		return "", oasrt.ErrorAt(start, "invalid decimal "+strconv.Quote(string(b)))
	}
	return d, nil
}
