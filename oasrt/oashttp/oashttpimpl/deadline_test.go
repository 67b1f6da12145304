package oashttpimpl

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/oasgen/oasgen/oasrt/oashttp"
)

// deadlineRecorder is a ResponseWriter whose write deadlines
// http.ResponseController sets through its SetWriteDeadline method.
type deadlineRecorder struct {
	*httptest.ResponseRecorder
	set []time.Time
}

func (d *deadlineRecorder) SetWriteDeadline(t time.Time) error {
	d.set = append(d.set, t)
	return nil
}

// TestStreamWriteDeadline: a streamed response's writes move the write
// deadline to oashttp.StreamWriteTimeout ahead, but only when a write would start
// with less than half of it left, not before every write.
func TestStreamWriteDeadline(t *testing.T) {
	rec := &deadlineRecorder{ResponseRecorder: httptest.NewRecorder()}
	f := &flushWriter{rw: rec, rc: http.NewResponseController(rec)}
	start := time.Now()
	for range 100 {
		if _, err := f.Write([]byte("data: {}\n\n")); err != nil {
			t.Fatal(err)
		}
	}
	if len(rec.set) != 1 {
		t.Fatalf("%d deadlines set for 100 quick writes, want 1", len(rec.set))
	}
	if ahead := rec.set[0].Sub(start); ahead < oashttp.StreamWriteTimeout || ahead > oashttp.StreamWriteTimeout+time.Minute {
		t.Errorf("deadline %v ahead, want about %v", ahead, oashttp.StreamWriteTimeout)
	}
	// A write that would start with less than half of the timeout left
	// moves it again.
	f.deadline = time.Now().Add(oashttp.StreamWriteTimeout/2 - time.Second)
	if _, err := f.Write([]byte("data: {}\n\n")); err != nil {
		t.Fatal(err)
	}
	if len(rec.set) != 2 || rec.set[1].Sub(time.Now()) < oashttp.StreamWriteTimeout-time.Second {
		t.Errorf("deadlines %v: want a second one oashttp.StreamWriteTimeout ahead", rec.set)
	}
	if got := rec.Body.Len(); got != 101*len("data: {}\n\n") {
		t.Errorf("%d bytes written, want every write's", got)
	}
}
