package servertest

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/oasrt"

	"github.com/oasgen/oasgen/oasrt/oashttp"
	"github.com/oasgen/oasgen/oasrt/oashttp/oashttpimpl"
	"github.com/oasgen/oasgen/testdata/mediatypes"
)

// rawImages answers testdata/mediatypes' getImage with the result the id
// names: a status's media types passed on as bytes share one result,
// whose ContentType field says which of them the body is in.
type rawImages struct{ mediatypes.Unimplemented }

func (rawImages) GetImage(ctx context.Context, p mediatypes.GetImageParams) (mediatypes.GetImageResponse, error) {
	switch p.ID {
	case "meta":
		return mediatypes.GetImageResponse200JSON{Body: mediatypes.GetImageOK{Width: oasrt.NewOpt[int64](640)}}, nil
	case "missing":
		return mediatypes.GetImageResponse404{ContentType: "text/html", Body: strings.NewReader("<p>no</p>"), XRequestID: oasrt.NewOpt("r1")}, nil
	case "default":
		return mediatypes.GetImageResponse200Raw{Body: strings.NewReader("PNG")}, nil
	}
	// "image/png", "image/gif" (in image/*), "text/html" (declared by no
	// 200 media type).
	return mediatypes.GetImageResponse200Raw{ContentType: strings.ReplaceAll(p.ID, "_", "/"), Body: strings.NewReader("bytes of " + p.ID)}, nil
}

func TestRawMediaShareAResult(t *testing.T) {
	srv := httptest.NewServer(mediatypes.NewServer(rawImages{}))
	defer srv.Close()
	c, err := mediatypes.NewClient(srv.URL, oashttp.WithErrorResults())
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, tc := range []struct {
		id, wantType, wantBody string
	}{
		{"image_png", "image/png", "bytes of image_png"},
		{"image_gif", "image/gif", "bytes of image_gif"},
		{"default", "image/png", "PNG"}, // the first media type when ContentType is empty
	} {
		res, err := c.GetImage(ctx, mediatypes.GetImageParams{ID: tc.id})
		if err != nil {
			t.Fatalf("%s: %v", tc.id, err)
		}
		raw, ok := res.(mediatypes.GetImageResponse200Raw)
		if !ok {
			t.Fatalf("%s: %T, want GetImageResponse200Raw", tc.id, res)
		}
		body, _ := io.ReadAll(raw.Body)
		if raw.ContentType != tc.wantType || string(body) != tc.wantBody {
			t.Errorf("%s: %q %q, want %q %q", tc.id, raw.ContentType, body, tc.wantType, tc.wantBody)
		}
	}

	res, err := c.GetImage(ctx, mediatypes.GetImageParams{ID: "meta"})
	if meta, ok := res.(mediatypes.GetImageResponse200JSON); err != nil || !ok || meta.Body.Width.Value != 640 {
		t.Errorf("meta: %#v, %v", res, err)
	}

	res, err = c.GetImage(ctx, mediatypes.GetImageParams{ID: "missing"})
	var nf mediatypes.GetImageResponse404
	if !errors.As(err, &nf) || nf.ContentType != "text/html; charset=utf-8" && nf.ContentType != "text/html" || nf.XRequestID.Value != "r1" {
		t.Errorf("missing: %#v, %v", res, err)
	}

	// A media type the status does not declare is the handler's mistake:
	// nothing of the body is written, the client sees a 500.
	_, err = c.GetImage(ctx, mediatypes.GetImageParams{ID: "text_html"})
	var se *oashttp.StatusError
	if !errors.As(err, &se) || se.StatusCode != http.StatusInternalServerError || strings.Contains(string(se.Body), "bytes of") {
		t.Errorf("undeclared media type: %v", err)
	}
}

// GetReport answers JSON; its 200 declares
// text/csv, application/json and */*.
func (rawImages) GetReport(ctx context.Context) (mediatypes.GetReportResponse, error) {
	return mediatypes.GetReportResponse200JSON{Body: mediatypes.GetReportOKJSON{Rows: oasrt.NewOpt[int64](3)}}, nil
}

// TestRawMediaSpecOrder checks that the client tries a status's media
// types in the spec's order although the raw ones share a result: a JSON
// body is the JSON result, not the */* declared after it.
func TestRawMediaSpecOrder(t *testing.T) {
	srv := httptest.NewServer(mediatypes.NewServer(rawImages{}))
	defer srv.Close()
	c, err := mediatypes.NewClient(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	res, err := c.GetReport(context.Background())
	if r, ok := res.(mediatypes.GetReportResponse200JSON); err != nil || !ok || r.Body.Rows.Value != 3 {
		t.Errorf("%#v, %v: want the JSON result", res, err)
	}
}

func TestResponseMedia(t *testing.T) {
	for _, tc := range []struct {
		ct       string
		declared []string
		want     string
		err      bool
	}{
		{"", []string{"application/yaml", "application/x-protobuf"}, "application/yaml", false},
		{"", []string{"image/*", "image/png"}, "application/octet-stream", false},
		{"application/x-protobuf", []string{"application/yaml", "application/x-protobuf"}, "application/x-protobuf", false},
		{"IMAGE/PNG; q=1", []string{"image/*"}, "IMAGE/PNG; q=1", false},
		{"text/plain", []string{"application/yaml", "application/x-protobuf"}, "", true},
	} {
		got, err := oashttpimpl.ResponseMedia(tc.ct, tc.declared...)
		if got != tc.want || (err != nil) != tc.err {
			t.Errorf("ResponseMedia(%q, %q) = %q, %v", tc.ct, tc.declared, got, err)
		}
	}
}
