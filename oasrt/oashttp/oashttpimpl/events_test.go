package oashttpimpl

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/oasgen/oasgen/oasrt/oashttp"
	"github.com/oasgen/oasgen/oasrt/oasimpl"
)

func TestAppendEvent(t *testing.T) {
	for _, tc := range []struct {
		name    string
		ev      oashttp.Event[string]
		want    string
		wantErr bool
	}{
		{name: "data only", ev: oashttp.Event[string]{Data: `{"a":1}`}, want: "data: {\"a\":1}\n\n"},
		{name: "every field", ev: oashttp.Event[string]{Data: "x", Event: "tick", ID: "7", Retry: 1500 * time.Millisecond}, want: "event: tick\nid: 7\nretry: 1500\ndata: x\n\n"},
		{name: "lines split on LF, CR and CRLF", ev: oashttp.Event[string]{Data: "a\nb\rc\r\nd"}, want: "data: a\ndata: b\ndata: c\ndata: d\n\n"},
		{name: "trailing line break", ev: oashttp.Event[string]{Data: "a\n"}, want: "data: a\ndata: \n\n"},
		{name: "empty data", ev: oashttp.Event[string]{Data: ""}, want: "data: \n\n"},
		{name: "type with a line break", ev: oashttp.Event[string]{Event: "a\nb"}, wantErr: true},
		{name: "id with NUL", ev: oashttp.Event[string]{ID: "a\x00"}, wantErr: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := appendEvent(nil, tc.ev.Event, tc.ev.ID, tc.ev.Retry, []byte(tc.ev.Data))
			if (err != nil) != tc.wantErr {
				t.Fatalf("error %v, want error %v", err, tc.wantErr)
			}
			if err == nil && string(got) != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
			if err != nil {
				return
			}
			// What is written reads back as the same event.
			p := &eventParser{max: 1 << 10}
			p.reset(strings.NewReader(string(got)))
			data, err := p.next()
			if err != nil || string(data) != strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(tc.ev.Data) || p.evType != tc.ev.Event || p.lastID != tc.ev.ID || p.evRetry != tc.ev.Retry {
				t.Errorf("read back %q %q %q %v, %v", data, p.evType, p.lastID, p.evRetry, err)
			}
		})
	}
}

func TestEventParser(t *testing.T) {
	type ev struct{ data, typ, id string }
	for _, tc := range []struct {
		name    string
		input   string
		want    []ev
		wantErr string
	}{
		{name: "LF", input: "data: 1\n\ndata: 2\n\n", want: []ev{{"1", "", ""}, {"2", "", ""}}},
		{name: "CR and CRLF", input: "data: 1\r\rdata: 2\r\n\r\n", want: []ev{{"1", "", ""}, {"2", "", ""}}},
		{name: "comments, unknown fields, no space", input: ":hb\nfoo: bar\ndata:1\n\n", want: []ev{{"1", "", ""}}},
		{name: "multi-line data", input: "data: a\ndata: b\n\n", want: []ev{{"a\nb", "", ""}}},
		{name: "type resets, id stays", input: "event: x\nid: 5\ndata: 1\n\ndata: 2\n\n", want: []ev{{"1", "x", "5"}, {"2", "", "5"}}},
		{name: "id without data sets the last id", input: "id: 9\n\ndata: 1\n\n", want: []ev{{"1", "", "9"}}},
		{name: "cut inside an event", input: "data: 1\n\ndata: 2\n", want: []ev{{"1", "", ""}}, wantErr: io.ErrUnexpectedEOF.Error()},
		{name: "data over the limit", input: "data: 0123456789abcdefghijk\n\n", wantErr: "event 1: $: data longer than the limit of 16 bytes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := &eventParser{max: 16}
			p.reset(strings.NewReader(tc.input))
			var got []ev
			var err error
			for {
				var data []byte
				if data, err = p.next(); err != nil {
					break
				}
				got = append(got, ev{string(data), p.evType, p.lastID})
			}
			if len(got) != len(tc.want) {
				t.Fatalf("got %q, want %q", got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Errorf("event %d: got %q, want %q", i, got[i], tc.want[i])
				}
			}
			if tc.wantErr == "" && err != io.EOF || tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)) {
				t.Errorf("error %v, want %q", err, tc.wantErr)
			}
		})
	}
}

// TestEventsReconnect reads an event stream from a server that drops the
// connection in the middle of the stream: the client reconnects with the
// last event's id and goes on from there, with no event lost or repeated.
func TestEventsReconnect(t *testing.T) {
	var gotIDs []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		last := r.Header.Get("Last-oashttp.Event-ID")
		gotIDs = append(gotIDs, last)
		w.Header().Set("Content-Type", "text/event-stream")
		switch last {
		case "":
			io.WriteString(w, "retry: 1\n\nid: 1\ndata: 1\n\nid: 2\ndata: 2\n\ndata: 3") // cut in event 3
			w.(http.Flusher).Flush()
			panic(http.ErrAbortHandler)
		case "2":
			io.WriteString(w, "id: 3\ndata: 3\n\n")
		}
	}))
	defer srv.Close()
	c, err := NewClient(srv.URL, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	redo := func(id string) (*http.Response, error) {
		req := &Request{Method: "GET", Header: http.Header{"Last-oashttp.Event-Id": {id}}}
		return c.Do(ctx, req)
	}
	resp, err := redo("")
	if err != nil {
		t.Fatal(err)
	}
	var got []int64
	for ev, err := range EventsFrom(ctx, c, resp, redo, decInt) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, ev.Data)
	}
	if !slices.Equal(got, []int64{1, 2, 3}) {
		t.Errorf("events %v, want [1 2 3]", got)
	}
	if len(gotIDs) != 2 || gotIDs[1] != "2" {
		t.Errorf("Last-oashttp.Event-IDs sent %q, want [\"\" \"2\"]", gotIDs)
	}
}

// TestWriteEventsNil: a nil iterator is an empty stream, not a panic.
func TestWriteEventsNil(t *testing.T) {
	rec := httptest.NewRecorder()
	WriteEvents[string](rec, httptest.NewRequest("GET", "/", nil), 200, nil, oasimpl.EventText)
	if rec.Code != 200 || rec.Body.Len() != 0 || rec.Header().Get("Content-Type") != "text/event-stream" {
		t.Errorf("status %d, body %q, Content-Type %q", rec.Code, rec.Body.String(), rec.Header().Get("Content-Type"))
	}
}

func decInt(x *int64, r *oasimpl.Reader) error {
	v, err := r.Int(64)
	*x = v
	return err
}

func encInt(x *int64, w *oasimpl.Writer) { w.Int(*x) }
