package oasrt

import (
	"errors"
	"math/big"
	"strconv"
)

// Decimal is a number kept exactly as written, for schemas with format
// decimal: money and quantities that a float64 would round ("0.1" stays
// 0.1, "12345678901234567890.5" keeps every digit). Its text is a JSON
// number; the zero value "" stands for 0 when encoded.
type Decimal string

// Rat returns d as an exact fraction, or false when d is not a number.
func (d Decimal) Rat() (*big.Rat, bool) {
	if d == "" {
		return new(big.Rat), true
	}
	if !validNumber(string(d)) {
		return nil, false
	}
	return new(big.Rat).SetString(string(d))
}

// Float64 returns the float64 nearest to d.
func (d Decimal) Float64() (float64, error) {
	if d == "" {
		return 0, nil
	}
	return strconv.ParseFloat(string(d), 64)
}

// Valid reports whether d is a JSON number (or empty, for 0).
func (d Decimal) Valid() bool { return d == "" || validNumber(string(d)) }

// ErrBadDecimal is the Writer's error for a Decimal that is not a number.
var ErrBadDecimal = errors.New("oasrt: Decimal is not a JSON number")

// validNumber reports whether s is exactly a JSON number.
func validNumber(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	digits := func() int {
		j := i
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			i++
		}
		return i - j
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case digits() == 0:
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(s)
}

// ParseDecimal reads a parameter's text as a decimal: a JSON number.
func ParseDecimal(s string) (Decimal, error) {
	if !validNumber(s) {
		return "", errors.New("invalid decimal " + strconv.Quote(s))
	}
	return Decimal(s), nil
}
