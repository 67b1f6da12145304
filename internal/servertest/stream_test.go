package servertest

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/oasrt"

	"github.com/oasgen/oasgen/oasrt/oashttp"
	"github.com/oasgen/oasgen/testdata/routes"
)

// ImportPoints (x-oasgen-stream) reads the points as they arrive and
// answers with their count and the points, streamed back.
func (h *recorder) ImportPoints(ctx context.Context, body routes.ImportPointsBodyStream) (routes.ImportPointsResponse, error) {
	h.hit("importPoints", nil)
	var points []routes.Point
	for p, err := range body.Items {
		if err != nil {
			return nil, err
		}
		points = append(points, p)
	}
	return routes.ImportPointsResponse200Stream{
		Body: &routes.ImportPointsOK{Count: int64(len(points))},
		Items: func(yield func(routes.Point, error) bool) {
			for _, p := range points {
				if !yield(p, nil) {
					return
				}
			}
		},
	}, nil
}

func TestStreamedBodies(t *testing.T) {
	h := &recorder{}
	ts := httptest.NewServer(routes.NewServer(h))
	defer ts.Close()
	c, err := routes.NewClient(ts.URL+"/", oashttp.WithHTTPClient(ts.Client()))
	if err != nil {
		t.Fatal(err)
	}
	const n = 20000 // several flushes each way
	send := func(yield func(routes.Point, error) bool) {
		for i := range n {
			if !yield(routes.Point{X: int64(i), Y: oasrt.NewOpt(int64(-i))}, nil) {
				return
			}
		}
	}
	res, err := c.ImportPointsStream(context.Background(), routes.ImportPointsBodyStream{Items: send})
	if err != nil {
		t.Fatal(err)
	}
	s := res.(routes.ImportPointsResponse200Stream)
	i := 0
	for p, err := range s.Items {
		if err != nil {
			t.Fatal(err)
		}
		if s.Body.Count != n {
			t.Fatalf("count, which comes before the points, is %d at point %d", s.Body.Count, i)
		}
		if p.X != int64(i) || p.Y.Value != int64(-i) {
			t.Fatalf("point %d is %+v", i, p)
		}
		i++
	}
	if i != n {
		t.Fatalf("read back %d points, want %d", i, n)
	}

	// The plain client method reads the same response whole.
	whole, err := c.ImportPoints(context.Background(), routes.ImportPointsBodyStream{Items: send})
	if err != nil || whole.(routes.ImportPointsResponse200).Body.Count != n || len(whole.(routes.ImportPointsResponse200).Body.Points) != n {
		t.Fatalf("plain call: %v", err)
	}

	// A bad element: the handler returns the iterator's error, a 400 naming it.
	w := serve(routes.NewServer(h), "POST", "/points", strings.NewReader(`[{"x":1},{"x":2},{"x":"three"}]`), "Content-Type", "application/json")
	if w.Code != 400 {
		t.Fatalf("bad element: %d %s", w.Code, w.Body)
	}
	if p := problem(t, w); p["path"] != "$[2].x" {
		t.Errorf("problem %v, want path $[2].x", p)
	}
	// A missing required body is refused before the handler runs.
	h.op = ""
	w = serve(routes.NewServer(h), "POST", "/points", nil, "Content-Type", "application/json")
	if w.Code != 400 || h.op != "" {
		t.Errorf("missing body: %d, handler ran: %q", w.Code, h.op)
	}
}
