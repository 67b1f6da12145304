package oasimpl

import (
	"math/big"
	"strconv"
	"strings"

	"github.com/oasgen/oasgen/oasrt"
)

// decimalLimit bounds the exponents decimals are compared with: a bound or
// multipleOf in a spec is a float64 (at most 1.8e308, at least 5e-324), so
// a value past 10^±decimalLimit compares with it as one at the limit does,
// and an exponent an attacker writes (1e999999999) costs nothing.
const decimalLimit = 2000

// decimalRat returns d as an exact fraction with its exponent clamped to
// ±decimalLimit, and whether d is a number. A clamped value keeps its sign
// and its order relative to every float64, and, for a large exponent, its
// divisibility by a float64's fraction.
func decimalRat(d oasrt.Decimal) (*big.Rat, bool) {
	s := string(d)
	if s == "" {
		return new(big.Rat), true
	}
	if !d.Valid() {
		return nil, false
	}
	mant, exp := s, 0
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		mant = s[:i]
		e, err := strconv.Atoi(strings.TrimPrefix(s[i+1:], "+"))
		switch {
		case err != nil && s[i+1] == '-', e < -decimalLimit:
			exp = -decimalLimit
		case err != nil, e > decimalLimit:
			exp = decimalLimit
		default:
			exp = e
		}
	}
	r, ok := new(big.Rat).SetString(mant)
	if !ok {
		return nil, false
	}
	if r.Sign() == 0 || exp == 0 {
		return r, true
	}
	p := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(max(exp, -exp))), nil)
	if exp > 0 {
		return r.Mul(r, new(big.Rat).SetInt(p)), true
	}
	return r.Quo(r, new(big.Rat).SetInt(p)), true
}

// CompareDecimal compares d with the bound r: -1, 0 or +1 as d is less
// than, equal to or greater than it. A d that is not a number compares
// equal, so that no bound reports it (the encoder does).
func CompareDecimal(d oasrt.Decimal, r *big.Rat) int {
	x, ok := decimalRat(d)
	if !ok {
		return 0
	}
	return x.Cmp(r)
}

// DecimalMultipleOf reports whether d is an integer multiple of m, exactly.
// A value with an exponent below -decimalLimit is one only when it is 0; a
// d that is not a number is reported by the encoder, not here.
func DecimalMultipleOf(d oasrt.Decimal, m *big.Rat) bool {
	x, ok := decimalRat(d)
	if !ok {
		return true
	}
	return m.Sign() != 0 && x.Quo(x, m).IsInt()
}

// JSONEqual reports whether the JSON value a equals the JSON text b as
// JSON Schema compares values (const): objects whatever their key order,
// numbers by value (1 equals 1.0), strings after unescaping. Generated code
// checks a const that is an object, an array or null with it.
func JSONEqual(a []byte, b string) bool {
	var ra, rb Reader
	ra.Reset(a)
	rb.Reset([]byte(b))
	x, err := tree(&ra)
	if err != nil {
		return false
	}
	y, err := tree(&rb)
	return err == nil && treeEqual(x, y)
}

// tree reads a value into maps, slices, strings, numbers (as their text)
// and booleans.
func tree(r *Reader) (any, error) {
	switch r.Next() {
	case Null:
		r.Null()
		return nil, nil
	case Bool:
		return r.Bool()
	case Number:
		b, err := r.NumberText()
		return oasrt.Decimal(b), err
	case String:
		return r.Str()
	case Array:
		if err := r.ArrStart(); err != nil {
			return nil, err
		}
		var out []any
		for {
			more, err := r.ArrNext()
			if err != nil || !more {
				return out, err
			}
			v, err := tree(r)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
	case Object:
		if err := r.ObjStart(); err != nil {
			return nil, err
		}
		out := map[string]any{}
		for {
			k, more, err := r.ObjKey()
			if err != nil || !more {
				return out, err
			}
			key := string(k)
			v, err := tree(r)
			if err != nil {
				return nil, err
			}
			out[key] = v
		}
	}
	return nil, r.TypeError("value")
}

func treeEqual(a, b any) bool {
	switch x := a.(type) {
	case nil:
		return b == nil
	case bool:
		y, ok := b.(bool)
		return ok && x == y
	case string:
		y, ok := b.(string)
		return ok && x == y
	case oasrt.Decimal:
		y, ok := b.(oasrt.Decimal)
		if !ok {
			return false
		}
		rx, okx := decimalRat(x)
		ry, oky := decimalRat(y)
		return okx && oky && rx.Cmp(ry) == 0
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !treeEqual(x[i], y[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, v := range x {
			w, ok := y[k]
			if !ok || !treeEqual(v, w) {
				return false
			}
		}
		return true
	}
	return false
}
