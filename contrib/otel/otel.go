// Package oasotel traces the calls of an oasgen client with OpenTelemetry:
// a client middleware (oashttp.ClientMiddleware) that starts a client span
// for every attempt of every call and propagates its context in the
// request's headers. It is a module of its own, so that the OpenTelemetry
// packages enter only the builds of those who add it:
//
//	c, err := api.NewClient(url, oashttp.WithClientMiddleware(oasotel.Middleware()))
package oasotel

import (
	"net/http"
	"strconv"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"

	"github.com/oasgen/oasgen/oasrt/oashttp"
)

// ScopeName is the instrumentation scope of the spans.
const ScopeName = "github.com/oasgen/oasgen/contrib/otel"

// config is the configuration Options set.
type config struct {
	tp   trace.TracerProvider
	prop propagation.TextMapPropagator
}

// Option configures Middleware.
type Option func(*config)

// WithTracerProvider sets the provider of the tracer; the default is the
// global one (otel.GetTracerProvider).
func WithTracerProvider(tp trace.TracerProvider) Option {
	return func(c *config) { c.tp = tp }
}

// WithPropagator sets how the span's context is written into requests; the
// default is the global one (otel.GetTextMapPropagator).
func WithPropagator(p propagation.TextMapPropagator) Option {
	return func(c *config) { c.prop = p }
}

// Middleware returns the client middleware that traces every attempt: a
// span of kind client named after the method ("GET"), with the HTTP
// semantic-convention attributes http.request.method, url.full,
// server.address and http.response.status_code, and an error status for
// a failed attempt or a 4xx or 5xx response. The span ends when the
// response's headers arrive: the body is the client's to read.
func Middleware(opts ...Option) oashttp.ClientMiddleware {
	c := config{}
	for _, o := range opts {
		o(&c)
	}
	if c.tp == nil {
		c.tp = otel.GetTracerProvider()
	}
	if c.prop == nil {
		c.prop = otel.GetTextMapPropagator()
	}
	tracer := c.tp.Tracer(ScopeName)
	return func(next http.RoundTripper) http.RoundTripper {
		return oashttp.RoundTripFunc(func(r *http.Request) (*http.Response, error) {
			ctx, span := tracer.Start(r.Context(), r.Method, trace.WithSpanKind(trace.SpanKindClient),
				trace.WithAttributes(
					attribute.String("http.request.method", r.Method),
					attribute.String("url.full", redacted(r)),
					attribute.String("server.address", r.URL.Hostname()),
				))
			defer span.End()
			// A RoundTripper must not change the request it is given.
			r = r.Clone(ctx)
			c.prop.Inject(ctx, propagation.HeaderCarrier(r.Header))
			resp, err := next.RoundTrip(r)
			if err != nil {
				span.RecordError(err)
				span.SetStatus(codes.Error, err.Error())
				return nil, err
			}
			span.SetAttributes(attribute.Int("http.response.status_code", resp.StatusCode))
			if resp.StatusCode >= 400 {
				span.SetStatus(codes.Error, strconv.Itoa(resp.StatusCode))
			}
			return resp, nil
		})
	}
}

// redacted is the request's URL without its user information.
func redacted(r *http.Request) string {
	if r.URL.User == nil {
		return r.URL.String()
	}
	u := *r.URL
	u.User = nil
	return u.String()
}
