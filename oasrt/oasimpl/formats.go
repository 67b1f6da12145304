package oasimpl

import (
	"encoding/base64"
	"errors"
	"net/netip"
	"strconv"
	"time"

	"github.com/oasgen/oasgen/oasrt"
	"github.com/oasgen/oasgen/oasrt/internal/rfc3339"
)

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
	e := oasrt.ErrorAt(start, "invalid "+format)
	e.Err = err
	return e
}

// Time reads a date-time string as ParseDateTime does.
func (r *Reader) Time() (time.Time, error) {
	start, b, err := r.strAt("string")
	if err != nil {
		return time.Time{}, err
	}
	t, err := rfc3339.ParseTime(b)
	if err != nil {
		return t, formatErr(start, "date-time", err)
	}
	return t, nil
}

// Date reads a full-date string.
func (r *Reader) Date() (oasrt.Date, error) {
	start, b, err := r.strAt("string")
	if err != nil {
		return oasrt.Date{}, err
	}
	var d oasrt.Date
	if err := d.UnmarshalText(b); err != nil {
		return d, formatErr(start, "date", err)
	}
	return d, nil
}

// UUID reads a uuid string.
func (r *Reader) UUID() (oasrt.UUID, error) {
	start, b, err := r.strAt("string")
	if err != nil {
		return oasrt.UUID{}, err
	}
	var u oasrt.UUID
	if err := u.UnmarshalText(b); err != nil {
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
		return s, oasrt.ErrorAt(start, "invalid "+format+" "+strconv.Quote(s))
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
		return 0, oasrt.ErrorAt(start, "invalid int"+strconv.Itoa(bits)+" string "+strconv.Quote(string(b)))
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
		return 0, oasrt.ErrorAt(start, "invalid uint"+strconv.Itoa(bits)+" string "+strconv.Quote(string(b)))
	}
	return v, nil
}
