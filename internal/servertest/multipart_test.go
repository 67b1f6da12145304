package servertest

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/oasgen/oasgen/oasrt"

	"github.com/oasgen/oasgen/oasrt/oashttp"
	"github.com/oasgen/oasgen/testdata/routes"
)

// photos answers uploadPhoto with a summary of what the handler was given,
// reading every file to its end.
type photos struct {
	routes.Unimplemented
	spilled []string // the temporary files of files past the memory bound
}

func describe(f *oashttp.File, spilled *[]string) (string, error) {
	h := sha256.New()
	n, err := io.Copy(h, f.Body)
	if err != nil {
		return "", err
	}
	if t, ok := f.Body.(*os.File); ok {
		*spilled = append(*spilled, t.Name())
	}
	return fmt.Sprintf("%s(%s,%d=%d,%s)", f.Filename, f.ContentType, f.Size, n, hex.EncodeToString(h.Sum(nil))[:8]), nil
}

func (h *photos) UploadPhoto(ctx context.Context, p routes.UploadPhotoParams, body *routes.UploadPhotoForm) (routes.UploadPhotoResponse, error) {
	photo, err := describe(body.Photo, &h.spilled)
	if err != nil {
		return nil, err
	}
	var thumbs []string
	for _, t := range body.Thumbnails {
		d, err := describe(t, &h.spilled)
		if err != nil {
			return nil, err
		}
		thumbs = append(thumbs, d)
	}
	s := fmt.Sprintf("%d %q rating=%v kind=%v tags=%q photo=%s thumbs=%v meta=%q",
		p.ID, body.Title, body.Rating, body.Kind, body.Tags, photo, thumbs, body.Meta)
	return routes.UploadPhotoResponse200{Body: routes.Stored{Summary: s}}, nil
}

// digest is the first 8 hex digits of data's SHA-256, as describe shows it.
func digest(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])[:8]
}

// pattern is an endless reader of bytes that are not all alike.
type pattern struct{ i byte }

func (p *pattern) Read(b []byte) (int, error) {
	for i := range b {
		b[i] = p.i
		p.i = p.i*31 + 7
	}
	return len(b), nil
}

func TestMultipartClientServer(t *testing.T) {
	h := &photos{}
	ts := httptest.NewServer(routes.NewServer(h, oashttp.WithMaxMultipartMemory(64<<10), oashttp.WithMaxBodyBytes(64<<20)))
	defer ts.Close()
	c, err := routes.NewClient(ts.URL)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()

	// Every kind of property, small enough to stay in memory.
	res, err := c.UploadPhoto(ctx, routes.UploadPhotoParams{ID: 7}, &routes.UploadPhotoForm{
		Title:  "sunset",
		Rating: oasrt.NewOpt[int32](4),
		Kind:   oasrt.NewOpt(routes.KindCat),
		Tags:   []string{"sea", "red sky"},
		Photo:  &oashttp.File{Filename: "a \"b\".png", ContentType: "image/png", Body: strings.NewReader("PNG...")},
		Thumbnails: []*oashttp.File{
			{Filename: "t1.png", Body: strings.NewReader("t1")},
			{Filename: "t2.png", Body: strings.NewReader("t2")},
		},
		Meta: `{"camera":"x"}`,
	})
	if err != nil {
		t.Fatal(err)
	}
	want := `7 "sunset" rating={4 true} kind={cat true} tags=["sea" "red sky"] photo=a "b".png(image/png,6=6,` + digest([]byte("PNG...")) +
		`) thumbs=[t1.png(application/octet-stream,2=2,` + digest([]byte("t1")) + `) t2.png(application/octet-stream,2=2,` + digest([]byte("t2")) + `)] meta="{\"camera\":\"x\"}"`
	if got := res.(routes.UploadPhotoResponse200).Body.Summary; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if len(h.spilled) != 0 {
		t.Errorf("small files went to temporary files: %v", h.spilled)
	}

	// A file far past the memory bound streams through: the server keeps
	// it in a temporary file, removed when the handler returns, and
	// neither side holds it in memory.
	const size = 8 << 20
	var data bytes.Buffer
	io.CopyN(&data, &pattern{}, size)
	wantSum := digest(data.Bytes())
	data = bytes.Buffer{}
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	res, err = c.UploadPhoto(ctx, routes.UploadPhotoParams{ID: 8}, &routes.UploadPhotoForm{
		Title: "big",
		Photo: &oashttp.File{Filename: "big.bin", Body: io.LimitReader(&pattern{}, size)},
	})
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	got := res.(routes.UploadPhotoResponse200).Body.Summary
	if !strings.Contains(got, fmt.Sprintf("photo=big.bin(application/octet-stream,%d=%d,%s)", size, size, wantSum)) {
		t.Errorf("big upload: %s", got)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > size/4 {
		t.Errorf("an %d-byte upload allocated %d bytes: the file was buffered", size, alloc)
	}
	if len(h.spilled) != 1 {
		t.Fatalf("temporary files %v, want one", h.spilled)
	}
	if _, err := os.Stat(h.spilled[0]); !os.IsNotExist(err) {
		t.Errorf("temporary file %s not removed: %v", h.spilled[0], err)
	}
}

// form builds a multipart body from name, value pairs; a name starting
// with @ is a file part.
func form(pairs ...string) (body, contentType string) {
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for i := 0; i+1 < len(pairs); i += 2 {
		if name, ok := strings.CutPrefix(pairs[i], "@"); ok {
			fw, _ := w.CreateFormFile(name, name+".bin")
			fw.Write([]byte(pairs[i+1]))
			continue
		}
		w.WriteField(pairs[i], pairs[i+1])
	}
	w.Close()
	return b.String(), w.FormDataContentType()
}

func TestMultipartErrors(t *testing.T) {
	srv := routes.NewServer(&photos{}, oashttp.WithMaxMultipartMemory(100), oashttp.WithMaxBodyBytes(200_000))
	ok, okType := form("title", "t", "@photo", "x", "unknown", "skipped", "@other", "skipped too")
	tests := []struct {
		name, body, ct string
		status         int
		detail         string
	}{
		{"unknown parts skipped", ok, okType, 200, ""},
		{"missing required part", withForm("@photo", "x"), "", 422, `request body: property "title": required but missing`},
		{"missing required file", withForm("title", "t"), "", 422, `request body: property "photo": required but missing`},
		{"scalar that does not parse", withForm("title", "t", "rating", "five", "@photo", "x"), "", 422, `request body: property "rating": "five" is not an integer`},
		{"scalar past its maximum", withForm("title", "t", "rating", "9", "@photo", "x"), "", 422, `request body: property "rating": 9 is greater than maximum 5`},
		{"string past its maxLength", withForm("title", strings.Repeat("é", 21), "@photo", "x"), "", 422, `request body: property "title": length 21 is greater than maxLength 20`},
		{"enum value unknown", withForm("title", "t", "kind", "cow", "@photo", "x"), "", 422, `request body: property "kind": "cow" is not a valid Kind`},
		{"value past the memory bound", withForm("title", strings.Repeat("a", 101), "@photo", "x"), "", 413, `multipart part "title" does not fit the 100 bytes a server holds in memory`},
		{"body past the body limit", withForm("title", "t", "@photo", strings.Repeat("x", 200_000)), "", 413, "request body is larger than 200000 bytes"},
		{"1000 parts", withForm(append([]string{"title", "t", "@photo", "x"}, strings.Split(strings.Repeat("x,", 2*998), ",")[:2*998]...)...), "", 200, ""},
		{"more than 1000 parts", withForm(append([]string{"title", "t", "@photo", "x"}, strings.Split(strings.Repeat("x,", 2*999), ",")[:2*999]...)...), "", 413, "request body: more than 1000 multipart parts"},
		{"part headers past the memory bound", "--b\r\nContent-Disposition: form-data; name=\"title\"\r\nX-Pad: " + strings.Repeat("a", 100_000) + "\r\n\r\nt\r\n--b--\r\n", "multipart/form-data; boundary=b", 413, `multipart part "(headers)" does not fit the 100 bytes a server holds in memory`},
		{"part headers within the room every part has", "--b\r\nContent-Disposition: form-data; name=\"title\"\r\nX-Pad: " + strings.Repeat("a", 10000) + "\r\n\r\nt\r\n--b\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"p\"\r\n\r\nx\r\n--b--\r\n", "multipart/form-data; boundary=b", 200, ""},
		{"64 files past the memory bound", withForm(append([]string{"title", "t", "@photo", "x"}, strings.Split(strings.Repeat("@thumbnails,"+strings.Repeat("x", 200)+",", 64), ",")[:2*64]...)...), "", 200, ""},
		{"65 files past the memory bound", withForm(append([]string{"title", "t", "@photo", "x"}, strings.Split(strings.Repeat("@thumbnails,"+strings.Repeat("x", 200)+",", 65), ",")[:2*65]...)...), "", 413, "request body: more than 64 files past the memory bound"},
		{"malformed", "--b\r\nno headers end", "multipart/form-data; boundary=b", 400, ""},
		{"no boundary", ok, "multipart/form-data", 400, "request body: multipart/form-data without a boundary"},
		{"not multipart", `{"title":"t"}`, "application/json", 415, `content type "application/json" is not accepted; want multipart/form-data`},
		{"empty", "", okType, 400, "request body: required but missing"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body, ct := tt.body, tt.ct
			if ct == "" {
				body, ct, _ = strings.Cut(body, "\x00")
			}
			w := serve(srv, "POST", "/photos/1", strings.NewReader(body), "Content-Type", ct)
			if w.Code != tt.status {
				t.Fatalf("status %d, want %d: %s", w.Code, tt.status, w.Body)
			}
			if tt.status == 200 {
				return
			}
			if p := problem(t, w); tt.detail != "" && p["detail"] != tt.detail {
				t.Errorf("detail %v, want %s", p["detail"], tt.detail)
			}
		})
	}

	// A streamed body without a length fails at the body limit too.
	body, ct := form("title", "t", "@photo", strings.Repeat("x", 200_001))
	req := httptest.NewRequest("POST", "/photos/1", io.MultiReader(strings.NewReader(body)))
	req.ContentLength = -1
	req.Header.Set("Content-Type", ct)
	w := httptest.NewRecorder()
	srv.ServeHTTP(w, req)
	if w.Code != http.StatusRequestEntityTooLarge {
		t.Errorf("chunked over the limit: %d %s", w.Code, w.Body)
	}
}

// withForm is form's body and Content-Type joined by a NUL, for a table.
func withForm(pairs ...string) string {
	body, ct := form(pairs...)
	return body + "\x00" + ct
}

// A multipart request that is never sent stops the goroutine writing it.
func TestMultipartNotSent(t *testing.T) {
	refuse := oashttp.WithRequestEditor(func(context.Context, *http.Request) error { return errors.New("refused") })
	c, err := routes.NewClient("http://127.0.0.1:1", refuse)
	if err != nil {
		t.Fatal(err)
	}
	before := runtime.NumGoroutine()
	for range 10 {
		_, err := c.UploadPhoto(context.Background(), routes.UploadPhotoParams{ID: 1}, &routes.UploadPhotoForm{
			Title: "t", Photo: &oashttp.File{Body: strings.NewReader("x")}})
		if err == nil || err.Error() != "refused" {
			t.Fatalf("err %v", err)
		}
	}
	for i := 0; runtime.NumGoroutine() > before && i < 100; i++ {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Errorf("%d goroutines, %d before: the body writers leaked", n, before)
	}
}
