package oasotel

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/propagation"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"

	"github.com/oasgen/oasgen/oasrt/oashttp"
	"github.com/oasgen/oasgen/testdata/routes"
)

// TestMiddleware: a call retried once makes two client spans, the first
// an error (503), the second not; each request carries its span's
// context in traceparent.
func TestMiddleware(t *testing.T) {
	rec := tracetest.NewSpanRecorder()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
	var parents []string
	n := 0
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		parents = append(parents, r.Header.Get("Traceparent"))
		if n++; n == 1 {
			w.WriteHeader(503)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"name":"ann"}`))
	}))
	defer ts.Close()
	c, err := routes.NewClient(ts.URL,
		oashttp.WithRetry(oashttp.RetryPolicy{Sleep: func(context.Context, time.Duration) error { return nil }}),
		oashttp.WithClientMiddleware(Middleware(WithTracerProvider(tp), WithPropagator(propagation.TraceContext{}))))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.GetMe(context.Background()); err != nil {
		t.Fatal(err)
	}
	spans := rec.Ended()
	if len(spans) != 2 || len(parents) != 2 {
		t.Fatalf("%d spans, %d requests; want 2 of each", len(spans), len(parents))
	}
	for i, s := range spans {
		want := codes.Unset
		code := int64(200)
		if i == 0 {
			want, code = codes.Error, 503
		}
		attrs := map[attribute.Key]attribute.Value{}
		for _, a := range s.Attributes() {
			attrs[a.Key] = a.Value
		}
		if s.Name() != "GET" || s.Status().Code != want || attrs["http.response.status_code"].AsInt64() != code ||
			attrs["url.full"].AsString() != ts.URL+"/users/me" {
			t.Errorf("span %d: %s %v %v", i, s.Name(), s.Status(), s.Attributes())
		}
		if tid := s.SpanContext().TraceID().String(); parents[i] == "" || parents[i][3:35] != tid {
			t.Errorf("span %d: traceparent %q does not carry trace %s", i, parents[i], tid)
		}
	}
}
