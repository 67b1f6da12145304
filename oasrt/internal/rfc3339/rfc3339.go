// Package rfc3339 parses the RFC 3339 dates and date-times of OpenAPI's
// formats "date" and "date-time", for oasrt's values and the Reader alike.
package rfc3339

import (
	"errors"
	"time"
)

// Date parses a full-date such as "2021-01-27", checking that the day
// exists.
func Date(b []byte) (year int, month time.Month, day int, err error) {
	if len(b) != 10 || b[4] != '-' || b[7] != '-' {
		return 0, 0, 0, errors.New("want YYYY-MM-DD")
	}
	y, ok1 := digits(b[0:4])
	m, ok2 := digits(b[5:7])
	d, ok3 := digits(b[8:10])
	if !ok1 || !ok2 || !ok3 {
		return 0, 0, 0, errors.New("want YYYY-MM-DD")
	}
	if m < 1 || m > 12 || d < 1 || d > daysIn(time.Month(m), y) {
		return 0, 0, 0, errors.New("no such day")
	}
	return y, time.Month(m), d, nil
}

func digits(b []byte) (int, bool) {
	n := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

func daysIn(m time.Month, year int) int {
	return time.Date(year, m+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

var errDateTime = errors.New("want an RFC 3339 date-time, as 2006-01-02T15:04:05Z")

// ParseTime parses a date-time as oasimpl.ParseDateTime documents.
func ParseTime(b []byte) (time.Time, error) {
	var t time.Time
	leap, plain, ok := checkTime(b)
	if !ok {
		if err := t.UnmarshalText(b); err != nil {
			return time.Time{}, err // its message says where
		}
		return time.Time{}, errDateTime
	}
	if plain {
		if err := t.UnmarshalText(b); err != nil {
			return time.Time{}, err
		}
		return t, nil
	}
	// Lower case "t" or "z", or a leap second: time.Time parses the text
	// with those in upper case, the second as 59, and adds the second.
	var buf [48]byte
	c := append(buf[:0], b...)
	c[10] = 'T'
	if c[len(c)-1] == 'z' {
		c[len(c)-1] = 'Z'
	}
	if leap {
		c[18] = '9'
		c[17] = '5'
	}
	if err := t.UnmarshalText(c); err != nil {
		return time.Time{}, err
	}
	if leap {
		t = t.Add(time.Second)
	}
	return t, nil
}

// checkTime reports whether b is an RFC 3339 date-time (section 5.6), a
// leap second included only at 23:59 UTC; leap whether its second is 60,
// and plain whether time.Time parses it as it is (upper case "T" and "Z",
// no leap second).
func checkTime(b []byte) (leap, plain, ok bool) {
	if len(b) < 20 {
		return false, false, false
	}
	if _, _, _, err := Date(b[:10]); err != nil || b[10] != 'T' && b[10] != 't' {
		return false, false, false
	}
	two := func(i, max int) (int, bool) {
		v, ok := digits(b[i : i+2])
		return v, ok && v <= max
	}
	h, okh := two(11, 23)
	m, okm := two(14, 59)
	sec, oks := two(17, 60)
	if !okh || !okm || !oks || b[13] != ':' || b[16] != ':' {
		return false, false, false
	}
	i := 19
	if b[i] == '.' {
		i++
		start := i
		for i < len(b) && '0' <= b[i] && b[i] <= '9' {
			i++
		}
		if i == start || i == len(b) {
			return false, false, false
		}
	}
	offset := 0 // minutes east of UTC
	lower := b[10] == 't'
	switch b[i] {
	case 'Z', 'z':
		if i+1 != len(b) {
			return false, false, false
		}
		lower = lower || b[i] == 'z'
	case '+', '-':
		oh, okh := 0, false
		om, okm := 0, false
		if len(b) == i+6 && b[i+3] == ':' {
			oh, okh = two(i+1, 23)
			om, okm = two(i+4, 59)
		}
		if !okh || !okm {
			return false, false, false
		}
		offset = oh*60 + om
		if b[i] == '-' {
			offset = -offset
		}
	default:
		return false, false, false
	}
	if sec == 60 {
		// A leap second is the last second of a UTC day: 23:59:60Z, or
		// that instant in another offset.
		if ((h*60+m-offset)%1440+1440)%1440 != 23*60+59 {
			return false, false, false
		}
		return true, false, true
	}
	return false, !lower, true
}
