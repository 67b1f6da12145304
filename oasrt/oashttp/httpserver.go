package oashttp

import (
	"net/http"
	"time"
)

// The timeouts and limits of NewHTTPServer. A client that sends its
// headers, its body or reads the response more slowly than these, or
// holds an idle connection longer, is disconnected.
const (
	// DefaultReadHeaderTimeout bounds the time to read a request's
	// headers (slowloris).
	DefaultReadHeaderTimeout = 10 * time.Second
	// DefaultReadTimeout bounds the time to read a whole request, body
	// included: 8 MiB (DefaultMaxBodyBytes) at about 140 KiB/s. It
	// bounds a streamed request body (x-oasgen-stream) too; an operation
	// that takes longer uploads moves its deadline with
	// http.ResponseController.SetReadDeadline in a middleware.
	DefaultReadTimeout = 60 * time.Second
	// DefaultWriteTimeout bounds the time from the end of a request's
	// headers to the end of its response. A streamed response
	// (a sequence or an event stream) moves it forward to StreamWriteTimeout
	// from now whenever a write would start with less than half of that
	// ahead, so a stream lasts as long as its client keeps reading.
	DefaultWriteTimeout = 60 * time.Second
	// DefaultIdleTimeout bounds how long a keep-alive connection waits
	// for its next request.
	DefaultIdleTimeout = 120 * time.Second
	// DefaultMaxHeaderBytes bounds a request's header section (request
	// line included), where net/http allows 1 MiB by default.
	DefaultMaxHeaderBytes = 64 << 10
	// StreamWriteTimeout bounds each write of a streamed response: a
	// client that stops reading is disconnected after between half of it
	// and all of it.
	StreamWriteTimeout = 30 * time.Second
)

// NewHTTPServer returns the http.Server to run a generated server h on:
// net/http's zero server has no timeout at all, so one slow or idle
// client holds a connection and its goroutine forever. It sets the
// Default... timeouts and header limit above; change its fields before
// ListenAndServe for other values. Shut it down with Shutdown, which lets
// requests in flight finish:
//
//	srv := oashttp.NewHTTPServer(":8080", api.NewServer(h))
//	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
//	defer stop()
//	go func() { <-ctx.Done(); srv.Shutdown(context.Background()) }()
//	if err := srv.ListenAndServe(); err != http.ErrServerClosed { log.Fatal(err) }
func NewHTTPServer(addr string, h http.Handler) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           h,
		ReadHeaderTimeout: DefaultReadHeaderTimeout,
		ReadTimeout:       DefaultReadTimeout,
		WriteTimeout:      DefaultWriteTimeout,
		IdleTimeout:       DefaultIdleTimeout,
		MaxHeaderBytes:    DefaultMaxHeaderBytes,
	}
}
