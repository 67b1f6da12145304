package oasrt

import (
	"encoding/base64"
	"encoding/binary"
	"errors"
	"math/bits"
	"net/netip"
	"slices"
	"strconv"
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
	b = slices.Grow(b, 36)
	out := b[len(b) : len(b)+36]
	be := binary.BigEndian
	h1, h2 := hex8(be.Uint32(u[4:])), hex8(be.Uint32(u[8:]))
	binary.LittleEndian.PutUint64(out, hex8(be.Uint32(u[:])))
	binary.LittleEndian.PutUint32(out[9:], uint32(h1))
	binary.LittleEndian.PutUint32(out[14:], uint32(h1>>32))
	binary.LittleEndian.PutUint32(out[19:], uint32(h2))
	binary.LittleEndian.PutUint32(out[24:], uint32(h2>>32))
	binary.LittleEndian.PutUint64(out[28:], hex8(be.Uint32(u[12:])))
	out[8], out[13], out[18], out[23] = '-', '-', '-', '-'
	return b[:len(b)+36], nil
}

// hex8 returns the eight lower-case hex digits of v as ASCII in a
// little-endian word, the first digit in the lowest byte: the nibbles are
// spread one to a byte (least significant first), the bytes reversed, and
// each digit d becomes '0'+d, plus 'a'-'0'-10 where d+6 carries into the
// byte's fifth bit (d above 9).
func hex8(v uint32) uint64 {
	x := uint64(v)
	x = (x | x<<16) & 0x0000ffff_0000ffff
	x = (x | x<<8) & 0x00ff00ff_00ff00ff
	x = (x | x<<4) & 0x0f0f0f0f_0f0f0f0f
	x = bits.ReverseBytes64(x)
	return x + 0x30303030_30303030 + (x+0x06060606_06060606)>>4&0x01010101_01010101*('a'-'0'-10)
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

// Time reads a date-time string as ParseDateTime does.
func (r *Reader) Time() (time.Time, error) {
	start, b, err := r.strAt("string")
	if err != nil {
		return time.Time{}, err
	}
	t, err := parseTime(b)
	if err != nil {
		return t, formatErr(start, "date-time", err)
	}
	return t, nil
}

// ParseDateTime parses an RFC 3339 date-time such as "2021-01-27T15:04:05Z":
// "T" and "Z" in either case, an offset's hours 23 at most and its minutes
// 59. A leap second (":60") is allowed at 23:59 UTC only; time.Time cannot
// hold it, so it is the next second: "1998-12-31T23:59:60Z" is
// 1999-01-01T00:00:00Z. A zone is UTC for "Z", else a fixed zone of the
// offset (or time.Local when the offset is Local's then), as time.Parse
// gives.
func ParseDateTime(s string) (time.Time, error) { return parseTime([]byte(s)) }

var errDateTime = errors.New("want an RFC 3339 date-time, as 2006-01-02T15:04:05Z")

func parseTime(b []byte) (time.Time, error) {
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
	if _, err := parseDate(b[:10]); err != nil || b[10] != 'T' && b[10] != 't' {
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
