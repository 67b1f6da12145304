package oasimpl

// integralText returns the digits of the JSON number s, a valid literal
// with a fraction or an exponent, when its value is an integer: JSON
// Schema counts 1.0 and 1e2 as integers. The result is s's integer in
// plain decimal (with its '-'), or "0"; ok is false for a value with a
// fraction (1.5, 1e-1). An integer of more than 24 digits, far beyond any
// Go integer, comes back as 25 digits, which strconv finds out of range.
func integralText(s []byte) (text []byte, ok bool) {
	neg := len(s) > 0 && s[0] == '-'
	if neg {
		s = s[1:]
	}
	var mant []byte // the digits of the integer and fraction parts
	i := 0
	for i < len(s) && '0' <= s[i] && s[i] <= '9' {
		i++
	}
	point := i // where the decimal point falls in mant
	mant = append(mant, s[:i]...)
	if i < len(s) && s[i] == '.' {
		j := i + 1
		for j < len(s) && '0' <= s[j] && s[j] <= '9' {
			j++
		}
		mant = append(mant, s[i+1:j]...)
		i = j
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		expNeg := false
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			expNeg = s[i] == '-'
			i++
		}
		exp := 0
		for ; i < len(s); i++ {
			if exp < 1e6 {
				exp = exp*10 + int(s[i]-'0')
			}
		}
		if expNeg {
			exp = -exp
		}
		point += exp
	}
	// Leading zeros say nothing; trailing ones past the point neither.
	for len(mant) > 0 && mant[0] == '0' {
		mant, point = mant[1:], point-1
	}
	for len(mant) > 0 && mant[len(mant)-1] == '0' && len(mant) > point {
		mant = mant[:len(mant)-1]
	}
	switch {
	case len(mant) == 0:
		return []byte("0"), true
	case len(mant) > point:
		return nil, false // digits after the point
	}
	point = min(point, 25)
	text = make([]byte, 0, point+1)
	if neg {
		text = append(text, '-')
	}
	text = append(text, mant[:min(len(mant), point)]...)
	for i := len(mant); i < point; i++ {
		text = append(text, '0')
	}
	return text, true
}

// IntegralText returns the integer the JSON number s stands for, in plain
// decimal, when s has a fraction or an exponent and its value is an
// integer (1.0, 1e2, -0.0): a parameter's text, which JSON Schema counts
// as an integer as it does the same number in a body. ok is false for a
// value with a fraction.
func IntegralText(s string) (text string, ok bool) {
	t, ok := integralText([]byte(s))
	return string(t), ok
}
