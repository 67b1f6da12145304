package oasimpl

import (
	"bytes"
	"errors"
	"testing"
	"testing/iotest"

	"github.com/oasgen/oasgen/oasrt"
)

// walk reads one value with every kind of read the decoders use, keeping
// what it read as text, so slice and stream readings can be compared.
func walk(r *Reader, out *bytes.Buffer) error {
	switch r.Next() {
	case Object:
		if err := r.ObjStart(); err != nil {
			return err
		}
		for {
			k, more, err := r.ObjKey()
			if err != nil || !more {
				return err
			}
			out.WriteString(string(k) + ":")
			if err := walk(r, out); err != nil {
				return err
			}
		}
	case Array:
		if err := r.ArrStart(); err != nil {
			return err
		}
		for {
			more, err := r.ArrNext()
			if err != nil || !more {
				return err
			}
			if err := walk(r, out); err != nil {
				return err
			}
			out.WriteByte(',')
		}
	case String:
		s, err := r.Str()
		out.WriteString(s)
		return err
	case Number:
		if r.IsInteger() {
			m := r.Mark()
			if v, err := r.Int(64); err == nil {
				out.WriteString(itoa64(v))
				return nil
			}
			r.Restore(m)
		}
		b, err := r.NumberText()
		out.Write(b)
		return err
	case Bool:
		_, err := r.Bool()
		return err
	case Null:
		if !r.Null() {
			return r.TypeError("null")
		}
		return nil
	}
	_, err := r.Raw()
	return err
}

func itoa64(v int64) string { return string(appendInt(nil, v)) }

func readAll(r *Reader) (string, error) {
	var out bytes.Buffer
	err := walk(r, &out) // a number's Mark needs no Pin: a refill keeps the token
	if err == nil {
		err = r.End()
	}
	return out.String(), err
}

var streamCases = append([]string{
	`{"a":[1,-2,3.5e3,12345678901234567890,true,false,null,"x\u00e9\ud83d\ude00y"],"bb" : {"c":{}}}`,
	`"` + string(bytes.Repeat([]byte("日本語"), 40)) + `"`,
	`[` + string(bytes.Repeat([]byte(`"\n\t\\\"",`), 30)) + `1]`,
	`{"k\u0065y" :  "v"   ,  "x":[[[[]]]]}`,
	"\"bad \xff utf8 \xe3\x81\"",
}, validityCases...)

func TestStreamMatchesSlice(t *testing.T) {
	for _, c := range streamCases {
		var whole Reader
		whole.Reset([]byte(c))
		want, wantErr := readAll(&whole)
		for _, size := range []int{1, 2, 3, 5, 16, 4096} {
			for _, oneByte := range []bool{false, true} {
				r := Reader{BufferSize: size}
				var src = iotestReader(c, oneByte)
				r.ResetReader(src)
				got, err := readAll(&r)
				if got != want || (err == nil) != (wantErr == nil) || err != nil && err.Error() != wantErr.Error() {
					t.Errorf("%q, buffer %d, one-byte reads %v:\nstream %q, %v\nslice  %q, %v", c, size, oneByte, got, err, want, wantErr)
				}
			}
		}
	}
}

func iotestReader(s string, oneByte bool) interface{ Read([]byte) (int, error) } {
	if oneByte {
		return iotest.OneByteReader(bytes.NewReader([]byte(s)))
	}
	return bytes.NewReader([]byte(s))
}

func TestStreamReadErrorReported(t *testing.T) {
	boom := errors.New("boom")
	var r Reader
	r.ResetReader(iotest.ErrReader(boom))
	_, err := readAll(&r)
	var e *oasrt.Error
	if !errors.Is(err, boom) || !errors.As(err, &e) || e.Offset != 0 {
		t.Fatalf("err = %v, want the read error at offset 0", err)
	}
	// A read error after a complete value still fails End.
	r.ResetReader(iotest.DataErrReader(&failing{data: []byte(`{"a":1}`), err: boom}))
	if _, err := readAll(&r); !errors.Is(err, boom) {
		t.Fatalf("err = %v, want the read error after the value", err)
	}
}

type failing struct {
	data []byte
	err  error
}

func (f *failing) Read(p []byte) (int, error) {
	if len(f.data) == 0 {
		return 0, f.err
	}
	n := copy(p, f.data)
	f.data = f.data[n:]
	return n, nil
}

// TestStreamBufferBounded reads a long array of small values through a
// small buffer: the buffer must not grow, as no token is longer than it.
func TestStreamBufferBounded(t *testing.T) {
	doc := append([]byte("["), bytes.Repeat([]byte(`{"id":12345,"name":"abcdefgh"},`), 10000)...)
	doc = append(doc, "1]"...)
	r := Reader{BufferSize: 256}
	r.ResetReader(bytes.NewReader(doc))
	if _, err := readAll(&r); err != nil {
		t.Fatal(err)
	}
	if cap(r.own) != 256 {
		t.Errorf("buffer grew to %d bytes", cap(r.own))
	}
}

// FuzzStreamMatchesSlice reads arbitrary input with every kind of read,
// from a slice and from a stream through a buffer of the given size: the
// two must read the same and fail the same way at the same offset.
func FuzzStreamMatchesSlice(f *testing.F) {
	for _, c := range streamCases {
		f.Add([]byte(c), uint8(3))
	}
	f.Fuzz(func(t *testing.T, data []byte, size uint8) {
		var whole Reader
		whole.Reset(data)
		want, wantErr := readAll(&whole)
		r := Reader{BufferSize: int(size%32) + 1}
		r.ResetReader(iotest.HalfReader(bytes.NewReader(data)))
		got, err := readAll(&r)
		if got != want || (err == nil) != (wantErr == nil) || err != nil && err.Error() != wantErr.Error() {
			t.Fatalf("%q, buffer %d:\nstream %q, %v\nslice  %q, %v", data, r.BufferSize, got, err, want, wantErr)
		}
	})
}
