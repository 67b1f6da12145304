package oashttpimpl

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"iter"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/oasgen/oasgen/oasrt"
	"github.com/oasgen/oasgen/oasrt/oashttp"
	"github.com/oasgen/oasgen/oasrt/oashttp/internal/ctxkey"
	"github.com/oasgen/oasgen/oasrt/oasimpl"
)

// EventRequest returns r with a context carrying its Last-oashttp.Event-ID header
// (for the handler: oashttp.LastEventID) and the server's heartbeat (for
// WriteEvents): generated servers call it for operations that answer with
// an event stream, before the handler runs.
func (c *Server) EventRequest(r *http.Request) *http.Request {
	return r.WithContext(context.WithValue(r.Context(), ctxkey.Event{}, &ctxkey.EventRequest{LastID: r.Header.Get("Last-oashttp.Event-ID"), Heartbeat: c.Heartbeat, Timeout: c.EventWriteTimeout}))
}

// WriteEvents writes an event stream response from seq: each event's data
// encoded with enc, written in the standard's framing (one data line per
// line of the data) and flushed as it is yielded; a comment line every
// heartbeat (oashttp.WithHeartbeat, from the context EventRequest made) while the
// handler has nothing to send. The response is
// never compressed (proxies and clients would hold events back). The
// handler's context ends when the client goes away, and a write to a
// gone client stops the iteration. An error from seq, or a panic, after
// the status went out aborts the connection (http.ErrAbortHandler, logged
// through the server's logger as WriteStream does): the client sees a
// broken stream, which a generated client resumes by reconnecting.
func WriteEvents[T any](rw http.ResponseWriter, r *http.Request, status int, seq iter.Seq2[oashttp.Event[T], error], enc func(*T, *oasimpl.Writer)) {
	h := rw.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	rw.WriteHeader(status)
	defer abortStarted(status)
	out := &flushWriter{rw: rw, rc: http.NewResponseController(rw)}
	var beat time.Duration
	if e, ok := r.Context().Value(ctxkey.Event{}).(*ctxkey.EventRequest); ok {
		beat, out.timeout = e.Heartbeat, e.Timeout
	}
	if err := out.rc.Flush(); err != nil && !errors.Is(err, http.ErrNotSupported) {
		abortError(status, err, true)
	}
	var mu sync.Mutex // holds out between the loop and the heartbeat
	stop := startHeartbeat(beat, &mu, out)
	defer stop() // before abortStarted: the heartbeat never outlives the handler
	w := oasimpl.GetWriter()
	defer oasimpl.ReleaseWriter(w)
	var frame []byte
	if seq == nil {
		return // no events: the stream ends at once
	}
	for ev, err := range seq {
		if err == nil {
			w.Reset()
			w.Direction = oasimpl.InResponse
			enc(&ev.Data, w)
			err = w.Err()
		}
		if err == nil {
			frame, err = appendEvent(frame[:0], ev.Event, ev.ID, ev.Retry, w.Buf)
		}
		if err != nil {
			stop()
			abortError(status, err, false)
		}
		mu.Lock()
		_, err = out.Write(frame)
		mu.Unlock()
		if err != nil {
			stop()
			abortError(status, err, true)
		}
	}
}

// startHeartbeat writes a comment line to out every d (oashttp.DefaultHeartbeat
// when 0, never when negative) until the returned function is called,
// which waits for a write under way to end.
func startHeartbeat(d time.Duration, mu *sync.Mutex, out io.Writer) (stop func()) {
	if d == 0 {
		d = oashttp.DefaultHeartbeat
	}
	if d < 0 {
		return func() {}
	}
	done := make(chan struct{})
	exited := make(chan struct{})
	go func() {
		defer close(exited)
		t := time.NewTicker(d)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				mu.Lock()
				_, err := out.Write([]byte(":\n"))
				mu.Unlock()
				if err != nil {
					return // the client is gone; the loop's next write finds out
				}
			}
		}
	}()
	var once sync.Once
	return func() {
		once.Do(func() {
			close(done)
			<-exited
		})
	}
}

// appendEvent appends the framing of ev with encoded data to b.
func appendEvent(b []byte, name, id string, retry time.Duration, data []byte) ([]byte, error) {
	if strings.ContainsAny(name, "\r\n") {
		return b, errors.New("oasrt: event type " + strconv.Quote(name) + " holds a line break")
	}
	if strings.ContainsAny(id, "\r\n\x00") {
		return b, errors.New("oasrt: event id " + strconv.Quote(id) + " holds a line break or NUL")
	}
	if name != "" {
		b = append(append(append(b, "event: "...), name...), '\n')
	}
	if id != "" {
		b = append(append(append(b, "id: "...), id...), '\n')
	}
	if retry > 0 {
		b = append(strconv.AppendInt(append(b, "retry: "...), retry.Milliseconds(), 10), '\n')
	}
	for {
		i := bytes.IndexAny(data, "\r\n")
		if i < 0 {
			b = append(append(append(b, "data: "...), data...), '\n')
			break
		}
		b = append(append(append(b, "data: "...), data[:i]...), '\n')
		if data[i] == '\r' && i+1 < len(data) && data[i+1] == '\n' {
			i++
		}
		data = data[i+1:]
	}
	return append(b, '\n'), nil
}

// eventBackoff is the wait before each reconnection to an event stream:
// the retry (at least oashttp.MinEventRetry), doubled at each reconnection up to
// oashttp.MaxEventBackoff (or the retry, when longer), each wait a random time
// between half of it and all of it; a connection that lasts longer than
// the wait before it brings the wait back to the retry.
type eventBackoff struct {
	level int           // doublings so far
	last  time.Duration // the wait before the current connection
	since time.Time     // when the current connection was made
}

// next returns the wait before the next reconnection, retry being the
// server's last (or the configured one).
func (b *eventBackoff) next(retry time.Duration) time.Duration {
	if !b.since.IsZero() && time.Since(b.since) > b.last {
		b.level = 0
	}
	base := max(retry, oashttp.MinEventRetry)
	ceiling := max(oashttp.MaxEventBackoff, base)
	d := base
	for range b.level {
		if d >= ceiling/2 {
			d = ceiling
			break
		}
		d *= 2
	}
	d = min(d, ceiling)
	if b.level < 32 {
		b.level++
	}
	b.last = d
	return d/2 + rand.N(d/2+1)
}

// connected records that a connection was made.
func (b *eventBackoff) connected() { b.since = time.Now() }

// EventsFrom returns the iterator over the events of an event stream
// response, each event's data decoded with dec as it arrives. When the
// connection drops (the body ends without its end, or fails), it waits
// the retry the server last set (oashttp.EventOptions.Retry before that), at
// least oashttp.MinEventRetry and doubling while connections keep dropping (see
// eventBackoff), and calls redo with the last event id seen, which sends
// the request again with Last-oashttp.Event-ID; a 204 then ends the stream, as
// the standard says. After MaxReconnects reconnections in a row without an
// event it gives up with a *oashttp.ReconnectError. A
// body that ends cleanly ends the iteration: a typed stream that is over
// is not re-read (unlike a browser's EventSource). redo is nil when the
// request cannot be sent again (a streamed body): a drop is then an
// error. Errors: a *SeqError naming the event, with the JSON path and the
// offset in its data; a data longer than MaxItemBytes; the drop's own
// error when reconnection is off or gives up. The iteration can run once.
func EventsFrom[T any](ctx context.Context, c *Client, resp *http.Response, redo func(lastID string) (*http.Response, error), dec func(*T, *oasimpl.Reader) error) iter.Seq2[oashttp.Event[T], error] {
	used := false
	return func(yield func(oashttp.Event[T], error) bool) {
		if used {
			yield(oashttp.Event[T]{}, errors.New("oasrt: an event stream can be read once"))
			return
		}
		used = true
		if ct := resp.Header.Get("Content-Type"); !MediaMatches(ct, []string{"text/event-stream"}) {
			resp.Body.Close()
			yield(oashttp.Event[T]{}, &oashttp.StatusError{StatusCode: resp.StatusCode, ContentType: ct, Err: errors.New("response content type " + strconv.Quote(ct) + " is not text/event-stream")})
			return
		}
		o := c.Events
		retry := o.Retry
		if retry <= 0 {
			retry = oashttp.DefaultEventRetry
		}
		maxFails := o.MaxReconnects
		if maxFails <= 0 {
			maxFails = oashttp.DefaultMaxReconnects
		}
		p := &eventParser{max: c.MaxItemBytes, retry: -1}
		if p.max <= 0 {
			p.max = oasrt.DefaultMaxItemBytes
		}
		var r oasimpl.Reader
		r.Direction = oasimpl.InResponse
		fails := 0
		var backoff eventBackoff
		backoff.connected()
		for {
			p.reset(resp.Body)
			var err error
			for {
				var data []byte
				data, err = p.next()
				if err != nil {
					break
				}
				if p.retry >= 0 {
					retry = p.retry // 0: oashttp.MinEventRetry
				}
				fails = 0
				ev := oashttp.Event[T]{Event: p.evType, ID: p.lastID, Retry: p.evRetry}
				r.Reset(data)
				derr := dec(&ev.Data, &r)
				if derr == nil {
					derr = r.End()
				}
				if derr != nil {
					resp.Body.Close()
					yield(ev, &oashttp.StatusError{StatusCode: resp.StatusCode, Err: &oasrt.SeqError{Unit: "event", N: p.n, Err: derr}})
					return
				}
				if !yield(ev, nil) {
					resp.Body.Close()
					return
				}
			}
			resp.Body.Close()
			if p.retry >= 0 {
				retry = p.retry // a retry field counts as it is read, dispatched or not
			}
			var se *oasrt.SeqError
			if err == io.EOF || errors.As(err, &se) || ctx.Err() != nil {
				if err != io.EOF {
					yield(oashttp.Event[T]{}, err)
				}
				return
			}
			// The connection dropped: reconnect, unless told not to.
			for {
				if o.NoReconnect || redo == nil {
					yield(oashttp.Event[T]{}, err)
					return
				}
				if fails >= maxFails {
					yield(oashttp.Event[T]{}, &oashttp.ReconnectError{Reconnects: fails, Err: err})
					return
				}
				fails++
				t := time.NewTimer(backoff.next(retry))
				select {
				case <-ctx.Done():
					t.Stop()
					yield(oashttp.Event[T]{}, ctx.Err())
					return
				case <-t.C:
				}
				var rerr error
				backoff.connected()
				resp, rerr = redo(p.lastID)
				if rerr != nil {
					err = rerr
					continue
				}
				switch {
				case resp.StatusCode == http.StatusNoContent:
					resp.Body.Close()
					return
				case resp.StatusCode/100 != 2 || !MediaMatches(resp.Header.Get("Content-Type"), []string{"text/event-stream"}):
					e := c.problemError(resp)
					resp.Body.Close()
					if e.Err == nil {
						e.Err = errors.New("reconnecting to the event stream")
					}
					yield(oashttp.Event[T]{}, e)
					return
				}
				break
			}
		}
	}
}

// Resend returns the function EventsFrom reconnects with: it sends req
// again with a Last-oashttp.Event-ID header; nil when req's body is a stream,
// which cannot be sent twice.
func (c *Client) Resend(ctx context.Context, req *Request) func(lastID string) (*http.Response, error) {
	if req.BodyReader != nil {
		return nil
	}
	return func(lastID string) (*http.Response, error) {
		again := *req
		again.Header = req.Header.Clone()
		if again.Header == nil {
			again.Header = http.Header{}
		}
		if lastID != "" {
			again.Header.Set("Last-oashttp.Event-ID", lastID)
		}
		return c.Do(ctx, &again)
	}
}

// eventParser reads the events of a stream, lines ended by CR, LF or
// CRLF.
type eventParser struct {
	br     *bufio.Reader
	max    int
	line   []byte
	data   []byte
	event  string // the event type being read
	lastID string // the standard's last event ID, kept across connections
	idBuf  string
	retry  time.Duration // the reconnection time, kept across events; -1 before any
	// The fields of the event next returned last.
	evType    string
	evRetry   time.Duration
	retryIn   time.Duration // a retry field of the event being read
	n         int           // events dispatched
	crPending bool
}

func (p *eventParser) reset(src io.Reader) {
	if p.br == nil {
		p.br = bufio.NewReaderSize(src, 16<<10)
	} else {
		p.br.Reset(src)
	}
	p.data, p.event, p.retryIn, p.crPending = p.data[:0], "", 0, false
	p.idBuf = p.lastID
}

// readLine returns the next line without its ending, valid until the next
// call; io.EOF when the stream ended at a line's start, and
// io.ErrUnexpectedEOF when it ended inside one.
func (p *eventParser) readLine() ([]byte, error) {
	p.line = p.line[:0]
	if p.crPending {
		p.crPending = false
		if b, err := p.br.Peek(1); err == nil && b[0] == '\n' {
			p.br.Discard(1)
		}
	}
	for {
		n := p.br.Buffered()
		if n == 0 {
			if _, err := p.br.Peek(1); err != nil {
				if err == io.EOF && len(p.line) > 0 {
					err = io.ErrUnexpectedEOF
				}
				return nil, err
			}
			n = p.br.Buffered()
		}
		chunk, _ := p.br.Peek(n)
		i := bytes.IndexAny(chunk, "\r\n")
		if i < 0 {
			p.line = append(p.line, chunk...)
			p.br.Discard(n)
		} else {
			p.line = append(p.line, chunk[:i]...)
			p.crPending = chunk[i] == '\r'
			p.br.Discard(i + 1)
		}
		if len(p.line) > p.max+16 {
			return nil, &oasrt.SeqError{Unit: "event", N: p.n + 1, Err: &oasrt.Error{Offset: -1, Msg: "a line longer than the limit of " + strconv.Itoa(p.max) + " bytes"}}
		}
		if i >= 0 {
			return p.line, nil
		}
	}
}

// next returns the data of the next event; p.event, p.lastID and p.retry
// describe it. A stream that ends inside an event drops it (the standard
// does) and reads as io.ErrUnexpectedEOF: the connection dropped.
func (p *eventParser) next() ([]byte, error) {
	for {
		line, err := p.readLine()
		if err != nil {
			if err == io.EOF && (len(p.data) > 0 || p.event != "") {
				err = io.ErrUnexpectedEOF
			}
			return nil, err
		}
		if len(line) == 0 {
			p.lastID = p.idBuf
			if len(p.data) == 0 {
				p.event = ""
				continue
			}
			p.n++
			data := p.data[:len(p.data)-1]
			p.data = p.data[:0]
			p.evType, p.evRetry = p.event, p.retryIn
			p.event, p.retryIn = "", 0
			return data, nil
		}
		if line[0] == ':' {
			continue // a comment: a heartbeat
		}
		field, value := line, []byte(nil)
		if i := bytes.IndexByte(line, ':'); i >= 0 {
			field, value = line[:i], line[i+1:]
			if len(value) > 0 && value[0] == ' ' {
				value = value[1:]
			}
		}
		switch string(field) {
		case "data":
			if len(p.data)+len(value) > p.max {
				return nil, &oasrt.SeqError{Unit: "event", N: p.n + 1, Err: &oasrt.Error{Offset: -1, Msg: "data longer than the limit of " + strconv.Itoa(p.max) + " bytes"}}
			}
			p.data = append(append(p.data, value...), '\n')
		case "event":
			p.event = string(value)
		case "id":
			if bytes.IndexByte(value, 0) < 0 {
				p.idBuf = string(value)
			}
		case "retry":
			if ms, err := strconv.ParseUint(string(value), 10, 32); err == nil {
				p.retry = time.Duration(ms) * time.Millisecond
				p.retryIn = p.retry
			}
		}
	}
}
