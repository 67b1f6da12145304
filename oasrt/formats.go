package oasrt

import (
	"encoding/binary"
	"errors"
	"math/bits"
	"slices"
	"strconv"
	"time"

	"github.com/oasgen/oasgen/oasrt/internal/rfc3339"
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
	y, m, d, err := rfc3339.Date(b)
	return Date{y, m, d}, err
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

// ParseDateTime parses an RFC 3339 date-time such as "2021-01-27T15:04:05Z":
// "T" and "Z" in either case, an offset's hours 23 at most and its minutes
// 59. A leap second (":60") is allowed at 23:59 UTC only; time.Time cannot
// hold it, so it is the next second: "1998-12-31T23:59:60Z" is
// 1999-01-01T00:00:00Z. A zone is UTC for "Z", else a fixed zone of the
// offset (or time.Local when the offset is Local's then), as time.Parse
// gives.
func ParseDateTime(s string) (time.Time, error) { return rfc3339.ParseTime([]byte(s)) }
