package servertest

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/oasrt"

	"github.com/oasgen/oasgen/oasrt/oashttp"
	"github.com/oasgen/oasgen/testdata/mediatypes"
	"github.com/oasgen/oasgen/testdata/routes"
)

// BenchmarkClientShapes times one call of each shape a generated client
// method takes (a JSON result, an array of them, path parameters, optional query
// parameters, a raw body, a result chosen by its media type) through a
// transport answering from memory, so that what is measured is the
// generated method and its runtime helpers. bench/clientcode.sh runs it
// against a base revision, interleaved.
func BenchmarkClientShapes(b *testing.B) {
	ctx := context.Background()
	for _, bc := range []struct {
		name, ct, body string
		call           func(rc *routes.Client, mc *mediatypes.Client) error
	}{
		{"json", "application/json", `{"name":"Test name 111","age":7}`, func(rc *routes.Client, _ *mediatypes.Client) error {
			_, err := rc.GetMe(ctx)
			return err
		}},
		{"array", "application/json", `[{"name":"ann","age":7},{"name":"bob","age":8},{"name":"cy","age":9},{"name":"di","age":10}]`, func(rc *routes.Client, _ *mediatypes.Client) error {
			_, err := rc.ListUsers(ctx)
			return err
		}},
		{"path", "application/json", `{"name":"Test name 111","age":7}`, func(rc *routes.Client, _ *mediatypes.Client) error {
			_, err := rc.GetUser(ctx, routes.GetUserParams{Name: "ann lee"})
			return err
		}},
		{"query", "application/json", `{"query":"q"}`, func(rc *routes.Client, _ *mediatypes.Client) error {
			_, err := rc.Search(ctx, routes.SearchParams{Q: "q", Limit: oasrt.NewOpt[int32](10),
				Exact: oasrt.NewOpt(true), Kind: oasrt.NewOpt(routes.KindCat), Session: "s1"})
			return err
		}},
		{"raw", "application/octet-stream", "some bytes", func(rc *routes.Client, _ *mediatypes.Client) error {
			_, err := rc.GetFile(ctx, routes.GetFileParams{Base: "a", Ext: "txt"})
			return err
		}},
		{"media", "text/plain", "some text", func(_ *routes.Client, mc *mediatypes.Client) error {
			res, err := mc.GetDoc(ctx, mediatypes.GetDocParams{ID: "7"})
			if _, ok := res.(mediatypes.GetDocResponse200Plain); err == nil && !ok {
				b.Fatalf("%T, not the text/plain result", res)
			}
			return err
		}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			tr := &shapeTransport{header: http.Header{"Content-Type": {bc.ct}}, body: bc.body}
			opt := oashttp.WithHTTPClient(&http.Client{Transport: tr})
			rc, err := routes.NewClient("http://127.0.0.1:1", opt)
			if err != nil {
				b.Fatal(err)
			}
			mc, err := mediatypes.NewClient("http://127.0.0.1:1", opt)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if err := bc.call(rc, mc); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// shapeTransport answers every request with a 200 of the same body.
type shapeTransport struct {
	header http.Header
	body   string
	r      strings.Reader
}

func (t *shapeTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	t.r.Reset(t.body)
	return &http.Response{StatusCode: 200, Header: t.header, Body: nopCloser{&t.r}, ContentLength: t.r.Size(), Request: r}, nil
}
