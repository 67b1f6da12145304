package oasimpl

import (
	"bytes"
	"errors"
	"iter"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/oasrt"
)

func decInt(x *int64, r *Reader) error {
	v, err := r.Int(64)
	*x = v
	return err
}

func encInt(x *int64, w *Writer) { w.Int(*x) }

func collect(seq iter.Seq2[int64, error]) ([]int64, error) {
	var out []int64
	for x, err := range seq {
		if err != nil {
			return out, err
		}
		out = append(out, x)
	}
	return out, nil
}

func TestDecodeSeq(t *testing.T) {
	for _, tc := range []struct {
		name    string
		format  SeqFormat
		max     int
		input   string
		want    []int64
		wantErr string
	}{
		{name: "lines", input: "1\n2\n3\n", want: []int64{1, 2, 3}},
		{name: "last line without LF", input: "1\n2", want: []int64{1, 2}},
		{name: "CRLF and blank lines", input: "1\r\n\r\n 2 \r\n\n", want: []int64{1, 2}},
		{name: "empty", input: "", want: nil},
		{name: "bad line", input: "1\n2\nx\n4\n", want: []int64{1, 2}, wantErr: "line 3: $: invalid character 'x' looking for beginning of value (offset 4)"},
		{name: "two values on a line", input: "1\n2 3\n", want: []int64{1}, wantErr: "line 2: $: invalid character '3' after top-level value (offset 4)"},
		{name: "line too long", max: 4, input: "1\n123456789\n", want: []int64{1}, wantErr: "line 2: $: longer than the limit of 4 bytes (offset 2)"},
		{name: "seq", format: JSONSeq, input: "\x1e1\n\x1e2\n", want: []int64{1, 2}},
		{name: "seq skips empty records", format: JSONSeq, input: "\x1e\x1e1\n\x1e2\n", want: []int64{1, 2}},
		{name: "seq without RS first", format: JSONSeq, input: "1\n", wantErr: "record 1: $: a JSON text sequence must start with RS (0x1E) (offset 0)"},
		{name: "seq truncated record", format: JSONSeq, input: "\x1e1\n\x1e12\x1e3\n", want: []int64{1}, wantErr: "record 2: $: truncated: the JSON text does not end with LF (offset 6)"},
		{name: "seq bad record", format: JSONSeq, input: "\x1e1\n\x1e[\n", want: []int64{1}, wantErr: "record 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := collect(DecodeSeq(strings.NewReader(tc.input), tc.format, tc.max, nil, decInt))
			if !slicesEqual(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
			if tc.wantErr == "" && err != nil || tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)) {
				t.Errorf("error %v, want %q", err, tc.wantErr)
			}
			var se *oasrt.SeqError
			if err != nil && !errors.As(err, &se) {
				t.Errorf("error %T is not a *SeqError", err)
			}
		})
	}
}

func slicesEqual(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestEncodeSeqRoundTrip writes both formats and reads them back.
func TestEncodeSeqRoundTrip(t *testing.T) {
	for _, f := range []SeqFormat{JSONLines, JSONSeq} {
		var buf bytes.Buffer
		in := []int64{1, -2, 300}
		seq := func(yield func(int64, error) bool) {
			for _, x := range in {
				if !yield(x, nil) {
					return
				}
			}
		}
		if err := EncodeSeq(GetWriter(), &buf, f, seq, encInt); err != nil {
			t.Fatal(err)
		}
		want := "1\n-2\n300\n"
		if f == JSONSeq {
			want = "\x1e1\n\x1e-2\n\x1e300\n"
		}
		if buf.String() != want {
			t.Errorf("format %d wrote %q, want %q", f, buf.String(), want)
		}
		got, err := collect(DecodeSeq(&buf, f, 0, nil, decInt))
		if err != nil || !slicesEqual(got, in) {
			t.Errorf("format %d read back %v, %v", f, got, err)
		}
	}
}

// TestEncodeSeqNil: a nil iterator is an empty sequence, not a panic.
func TestEncodeSeqNil(t *testing.T) {
	var buf bytes.Buffer
	if err := EncodeSeq[int64](GetWriter(), &buf, JSONLines, nil, encInt); err != nil || buf.Len() != 0 {
		t.Errorf("wrote %q, %v", buf.String(), err)
	}
}
