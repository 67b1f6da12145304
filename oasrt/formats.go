package oasrt

import (
	"encoding/base64"
	"errors"
	"net/netip"
	"strconv"
	"strings"
	"time"
)

// Date is a calendar date, the OpenAPI format "date" (RFC 3339 full-date,
// "2006-01-02").
type Date struct {
	Year  int
	Month time.Month
	Day   int
}

// DateOf returns the date of t in t's location.
func DateOf(t time.Time) Date {
	y, m, d := t.Date()
	return Date{y, m, d}
}

// ParseDate parses a full-date such as "2021-01-27", checking that the day
// exists.
func ParseDate(s string) (Date, error) { return parseDate([]byte(s)) }

func parseDate(b []byte) (Date, error) {
	if len(b) != 10 || b[4] != '-' || b[7] != '-' {
		return Date{}, errors.New("want YYYY-MM-DD")
	}
	y, ok1 := digits(b[0:4])
	m, ok2 := digits(b[5:7])
	d, ok3 := digits(b[8:10])
	if !ok1 || !ok2 || !ok3 {
		return Date{}, errors.New("want YYYY-MM-DD")
	}
	if m < 1 || m > 12 || d < 1 || d > daysIn(time.Month(m), y) {
		return Date{}, errors.New("no such day")
	}
	return Date{y, time.Month(m), d}, nil
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

// String returns the date as YYYY-MM-DD.
func (d Date) String() string {
	b, _ := d.AppendText(nil)
	return string(b)
}

// AppendText appends the date as YYYY-MM-DD. Years outside 0-9999 are an
// error, as for time.Time.
func (d Date) AppendText(b []byte) ([]byte, error) {
	if d.Year < 0 || d.Year > 9999 {
		return b, errors.New("oasrt: Date year outside of range [0,9999]")
	}
	b = appendPad(b, d.Year, 4)
	b = append(b, '-')
	b = appendPad(b, int(d.Month), 2)
	b = append(b, '-')
	return appendPad(b, d.Day, 2), nil
}

func appendPad(b []byte, v, width int) []byte {
	var tmp [8]byte
	s := strconv.AppendInt(tmp[:0], int64(v), 10)
	for i := len(s); i < width; i++ {
		b = append(b, '0')
	}
	return append(b, s...)
}

// MarshalText implements encoding.TextMarshaler.
func (d Date) MarshalText() ([]byte, error) { return d.AppendText(nil) }

// UnmarshalText implements encoding.TextUnmarshaler.
func (d *Date) UnmarshalText(b []byte) error {
	v, err := parseDate(b)
	if err != nil {
		return err
	}
	*d = v
	return nil
}

// Time returns midnight of the date in loc.
func (d Date) Time(loc *time.Location) time.Time {
	return time.Date(d.Year, d.Month, d.Day, 0, 0, 0, 0, loc)
}

// UUID is the OpenAPI format "uuid": 16 bytes, written in the hyphenated
// lower-case hex form of RFC 9562.
type UUID [16]byte

// ParseUUID parses the 36-character hyphenated form, in either case.
func ParseUUID(s string) (UUID, error) { return parseUUID([]byte(s)) }

func parseUUID(b []byte) (u UUID, err error) {
	if len(b) != 36 || b[8] != '-' || b[13] != '-' || b[18] != '-' || b[23] != '-' {
		return u, errors.New("want xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx")
	}
	j := 0
	for i := 0; i < 36; {
		if i == 8 || i == 13 || i == 18 || i == 23 {
			i++
			continue
		}
		hi, ok1 := unhex(b[i])
		lo, ok2 := unhex(b[i+1])
		if !ok1 || !ok2 {
			return UUID{}, errors.New("invalid hex digit")
		}
		u[j] = hi<<4 | lo
		j++
		i += 2
	}
	return u, nil
}

func unhex(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// String returns the hyphenated lower-case form.
func (u UUID) String() string {
	b, _ := u.AppendText(nil)
	return string(b)
}

// AppendText appends the hyphenated lower-case form.
func (u UUID) AppendText(b []byte) ([]byte, error) {
	for i, c := range u {
		if i == 4 || i == 6 || i == 8 || i == 10 {
			b = append(b, '-')
		}
		b = append(b, hexDigits[c>>4], hexDigits[c&0xF])
	}
	return b, nil
}

// MarshalText implements encoding.TextMarshaler.
func (u UUID) MarshalText() ([]byte, error) { return u.AppendText(nil) }

// UnmarshalText implements encoding.TextUnmarshaler.
func (u *UUID) UnmarshalText(b []byte) error {
	v, err := parseUUID(b)
	if err != nil {
		return err
	}
	*u = v
	return nil
}

// strAt reads a string value and returns the offset it started at.
func (r *Reader) strAt(want string) (int, []byte, error) {
	if r.ws() != '"' {
		return 0, nil, r.TypeError(want)
	}
	start := r.base + r.pos
	b, err := r.strBytes()
	return start, b, err
}

func formatErr(start int, format string, err error) error {
	e := ErrorAt(start, "invalid "+format)
	e.Err = err
	return e
}

// Time reads a date-time string (RFC 3339), as time.Time.UnmarshalJSON does.
func (r *Reader) Time() (time.Time, error) {
	var t time.Time
	start, b, err := r.strAt("string")
	if err != nil {
		return t, err
	}
	if err := t.UnmarshalText(b); err != nil {
		return t, formatErr(start, "date-time", err)
	}
	return t, nil
}

// Date reads a full-date string.
func (r *Reader) Date() (Date, error) {
	start, b, err := r.strAt("string")
	if err != nil {
		return Date{}, err
	}
	d, err := parseDate(b)
	if err != nil {
		return d, formatErr(start, "date", err)
	}
	return d, nil
}

// UUID reads a uuid string.
func (r *Reader) UUID() (UUID, error) {
	start, b, err := r.strAt("string")
	if err != nil {
		return UUID{}, err
	}
	u, err := parseUUID(b)
	if err != nil {
		return u, formatErr(start, "uuid", err)
	}
	return u, nil
}

// Bytes64 reads a base64 string (standard alphabet, padded), as encoding/json
// reads a []byte.
func (r *Reader) Bytes64() ([]byte, error) {
	start, b, err := r.strAt("string")
	if err != nil {
		return nil, err
	}
	out := make([]byte, base64.StdEncoding.DecodedLen(len(b)))
	n, err := base64.StdEncoding.Decode(out, b)
	if err != nil {
		return nil, formatErr(start, "base64", err)
	}
	return out[:n], nil
}

// Addr reads an IP address string; version 4 or 6 restricts it to that
// family (the formats ipv4 and ipv6), 0 accepts both.
func (r *Reader) Addr(version int) (netip.Addr, error) {
	start, b, err := r.strAt("string")
	if err != nil {
		return netip.Addr{}, err
	}
	var a netip.Addr
	if err := a.UnmarshalText(b); err != nil {
		return a, formatErr(start, "ip address", err)
	}
	switch {
	case version == 4 && !a.Is4():
		return a, formatErr(start, "ipv4", errors.New("not an IPv4 address"))
	case version == 6 && (!a.Is6() || a.Zone() != ""):
		return a, formatErr(start, "ipv6", errors.New("not an IPv6 address"))
	}
	return a, nil
}

// StrFormat reads a string and checks it with valid, which names format in
// the error when it fails. The string formats email, hostname and uri use it.
func (r *Reader) StrFormat(format string, valid func(string) bool) (string, error) {
	start := r.Start()
	s, err := r.Str()
	if err != nil {
		return s, err
	}
	if !valid(s) {
		return s, ErrorAt(start, "invalid "+format+" "+strconv.Quote(s))
	}
	return s, nil
}

// ValidHostname reports whether s is a host name as RFC 1123 defines it:
// dot-separated labels of letters, digits and hyphens, each 1-63 bytes long
// and not starting or ending with a hyphen, 253 bytes in all at most.
func ValidHostname(s string) bool {
	if len(s) == 0 || len(s) > 253 {
		return false
	}
	label := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '.':
			if label == 0 || s[i-1] == '-' {
				return false
			}
			label = 0
		case c == '-':
			if label == 0 {
				return false
			}
			label++
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
			label++
		default:
			return false
		}
		if label > 63 {
			return false
		}
	}
	return label > 0 && s[len(s)-1] != '-'
}

// ValidEmail reports whether s has the shape of an RFC 5321 mailbox:
// a local part of at most 64 bytes, dot-separated printable non-space
// atoms or a quoted string, then '@', then a host name or a bracketed
// address literal (an IPv4 address, or "IPv6:" and an IPv6 address).
func ValidEmail(s string) bool {
	at := -1
	if strings.HasPrefix(s, `"`) {
		// A quoted local part (RFC 5321 section 4.1.2): printable ASCII,
		// spaces and '@' included, with '"' and '\' escaped by '\'.
		for i := 1; i < len(s); i++ {
			c := s[i]
			if c < ' ' || c > '~' {
				return false
			}
			if c == '\\' {
				i++
				continue
			}
			if c == '"' {
				at = i + 1
				break
			}
		}
		if at < 0 || at >= len(s) || s[at] != '@' {
			return false
		}
	} else {
		at = strings.LastIndexByte(s, '@')
	}
	if at < 1 || at > 64 {
		return false
	}
	for i := 0; i < at && s[0] != '"'; i++ {
		if c := s[i]; c <= ' ' || c == 0x7f || c == '@' {
			return false
		}
	}
	// A local part that is not quoted is dot-separated atoms (RFC 5321
	// section 4.1.2): no dot first, last, or twice in a row.
	if local := s[:at]; local[0] != '"' && (local[0] == '.' || local[at-1] == '.' || strings.Contains(local, "..")) {
		return false
	}
	domain := s[at+1:]
	if len(domain) > 2 && domain[0] == '[' && domain[len(domain)-1] == ']' {
		lit := domain[1 : len(domain)-1]
		if v6, ok := strings.CutPrefix(lit, "IPv6:"); ok {
			return ValidIPv6(v6)
		}
		_, err := netip.ParseAddr(lit)
		return err == nil
	}
	return ValidHostname(domain)
}

// ValidURI reports whether s is an absolute URI as RFC 3986 section 4.3
// defines it: a scheme, a colon, then only characters a URI may hold, with
// well-formed percent escapes.
func ValidURI(s string) bool {
	colon := -1
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == ':' {
			colon = i
			break
		}
		letter := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
		if !letter && (i == 0 || !('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.')) {
			return false
		}
	}
	if colon < 1 {
		return false
	}
	for i := colon + 1; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%':
			if i+2 >= len(s) {
				return false
			}
			if _, ok := unhex(s[i+1]); !ok {
				return false
			}
			if _, ok := unhex(s[i+2]); !ok {
				return false
			}
			i += 2
		case c <= ' ' || c >= 0x7f || c == '"' || c == '<' || c == '>' || c == '\\' || c == '^' || c == '`' || c == '{' || c == '|' || c == '}':
			return false
		}
	}
	return true
}

// ValidDuration reports whether s is an ISO 8601 duration, as RFC 3339
// appendix A writes it: "P", then years, months and days ("P1Y2M3D"), then
// optionally "T" with hours, minutes and seconds ("PT1H30M"), or weeks
// alone ("P4W"). Each part is digits and its letter, in that order, and at
// least one is present. As ISO 8601 allows, any part may be left out
// ("P1Y5D"), and the seconds may have a fraction ("PT0.5S").
func ValidDuration(s string) bool {
	if len(s) < 3 || s[0] != 'P' {
		return false
	}
	date, clock := s[1:], ""
	if t := strings.IndexByte(date, 'T'); t >= 0 {
		date, clock = date[:t], date[t+1:]
		if clock == "" {
			return false
		}
	} else if w := len(date) - 1; date[w] == 'W' {
		return durationParts(date, "W")
	}
	return durationParts(date, "YMD") && durationParts(clock, "HMS")
}

// durationParts reports whether s is a sequence of digits-and-letter parts
// with letters from units, in order, each at most once; a fraction is
// allowed before "S".
func durationParts(s, units string) bool {
	next := 0 // the first unit still allowed
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && '0' <= s[j] && s[j] <= '9' {
			j++
		}
		if j == i || j == len(s) {
			return false
		}
		if (s[j] == '.' || s[j] == ',') && units == "HMS" {
			k := j + 1
			for k < len(s) && '0' <= s[k] && s[k] <= '9' {
				k++
			}
			if k == j+1 || k != len(s)-1 || s[k] != 'S' {
				return false
			}
			j = k
		}
		u := strings.IndexByte(units[next:], s[j])
		if u < 0 {
			return false
		}
		next += u + 1
		i = j + 1
	}
	return true
}

// ValidTime reports whether s is an RFC 3339 full-time: "15:04:05", an
// optional fraction of a second, then "Z" or a numeric offset ("+09:00").
func ValidTime(s string) bool {
	two := func(i int, max byte) bool {
		return i+1 < len(s) && '0' <= s[i] && s[i] <= '9' && '0' <= s[i+1] && s[i+1] <= '9' &&
			(s[i]-'0')*10+(s[i+1]-'0') <= max
	}
	// 23:59:60 is a leap second, which RFC 3339 allows.
	if len(s) < 9 || !two(0, 23) || s[2] != ':' || !two(3, 59) || s[5] != ':' || !two(6, 60) {
		return false
	}
	i := 8
	if s[i] == '.' {
		i++
		start := i
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			i++
		}
		if i == start {
			return false
		}
	}
	num := func(i int) int { return int(s[i]-'0')*10 + int(s[i+1]-'0') }
	offset := 0 // minutes east of UTC
	switch {
	case i < len(s) && (s[i] == 'Z' || s[i] == 'z'):
		if i+1 != len(s) {
			return false
		}
	case i < len(s) && (s[i] == '+' || s[i] == '-'):
		if len(s) != i+6 || !two(i+1, 23) || s[i+3] != ':' || !two(i+4, 59) {
			return false
		}
		offset = num(i+1)*60 + num(i+4)
		if s[i] == '-' {
			offset = -offset
		}
	default:
		return false
	}
	if num(6) == 60 {
		// A leap second is the last second of a UTC day: 23:59:60Z, or
		// that instant in another offset.
		utc := ((num(0)*60+num(3)-offset)%1440 + 1440) % 1440
		return utc == 23*60+59
	}
	return true
}

// IntString reads an integer carried in a JSON string ("-12"), as a schema
// with type string and format int64 or int32 says, and as encoding/json's
// ",string" option writes: the string holds exactly a JSON integer.
func (r *Reader) IntString(bits int) (int64, error) {
	start := r.Start()
	b, err := r.StrBytes()
	if err != nil {
		return 0, err
	}
	sub := Reader{buf: b}
	v, err := sub.Int(bits)
	if len(b) == 0 || b[0] != '-' && (b[0] < '0' || b[0] > '9') || err != nil || sub.pos != len(b) {
		return 0, ErrorAt(start, "invalid int"+strconv.Itoa(bits)+" string "+strconv.Quote(string(b)))
	}
	return v, nil
}

// UintString is IntString for unsigned integers.
func (r *Reader) UintString(bits int) (uint64, error) {
	start := r.Start()
	b, err := r.StrBytes()
	if err != nil {
		return 0, err
	}
	sub := Reader{buf: b}
	v, err := sub.Uint(bits)
	if len(b) == 0 || b[0] < '0' || b[0] > '9' || err != nil || sub.pos != len(b) {
		return 0, ErrorAt(start, "invalid uint"+strconv.Itoa(bits)+" string "+strconv.Quote(string(b)))
	}
	return v, nil
}
