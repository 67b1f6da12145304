package oashttp

import (
	"compress/gzip"
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/oasgen/oasgen/oasrt/oasimpl"
)

// WriteStream writes a response whose body encode writes to out as it
// goes, flushing the connection after each write, for the generated
// streaming responses. The Writer it passes has Direction oasimpl.InResponse. An
// error or a panic once the response has started cannot become an error
// status: WriteStream panics with a value that the generated server's
// recover (ServerConfig.Recovered) logs before aborting the connection
// (http.ErrAbortHandler), so the client sees a broken response rather
// than a short one that parses, or a problem after a success status.
//
// When r accepts gzip, the body is gzip-compressed, each flush of the
// Writer flushing the compressor too, so the client still gets elements as
// they come.
func WriteStream(rw http.ResponseWriter, r *http.Request, status int, contentType string, encode func(w *oasimpl.Writer, out io.Writer) error) {
	SetContentType(rw.Header(), contentType)
	out := &flushWriter{rw: rw, rc: http.NewResponseController(rw)}
	if acceptsGzip(r) {
		out.z = startGzip(rw, status)
	} else {
		rw.WriteHeader(status)
	}
	defer abortStarted(status)
	w := oasimpl.GetWriter()
	w.Direction = oasimpl.InResponse
	err := encode(w, out)
	oasimpl.ReleaseWriter(w)
	if out.z != nil {
		if err == nil {
			err = out.z.Close()
		}
		out.z.Reset(io.Discard)
		if err == nil {
			gzipWriters.Put(out.z)
		}
	}
	if err != nil {
		abortError(status, err, out.err != nil && errors.Is(err, out.err))
	}
}

// flushWriter writes to an http.ResponseWriter, through z when it is set,
// and flushes after each write; err is the first error of the connection.
type flushWriter struct {
	rw  http.ResponseWriter
	rc  *http.ResponseController
	z   *gzip.Writer
	err error
	// deadline is the write deadline last set on the connection.
	deadline time.Time
	// timeout bounds each write; 0 means StreamWriteTimeout.
	timeout time.Duration
}

func (f *flushWriter) Write(p []byte) (int, error) {
	var n int
	var err error
	// Each write starts with at least half of the timeout ahead of it
	// (StreamWriteTimeout, or the event stream's), so that a server's WriteTimeout bounds a client that stops
	// reading, not the length of the stream. The deadline moves only when
	// less than that is left: moving it updates a runtime timer, which
	// every small event of a stream paid (docs/server.md). Writers that
	// cannot (a ResponseRecorder) are left as they are.
	timeout := f.timeout
	if timeout <= 0 {
		timeout = StreamWriteTimeout
	}
	if now := time.Now(); f.deadline.Sub(now) < timeout/2 {
		f.deadline = now.Add(timeout)
		f.rc.SetWriteDeadline(f.deadline)
	}
	if f.z != nil {
		if n, err = f.z.Write(p); err == nil {
			err = f.z.Flush()
		}
	} else {
		n, err = f.rw.Write(p)
	}
	if err == nil {
		err = f.rc.Flush()
		if errors.Is(err, http.ErrNotSupported) {
			err = nil
		}
	}
	if err != nil && f.err == nil {
		f.err = err
	}
	return n, err
}
