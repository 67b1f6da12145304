package servertest

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/testdata/bodypattern"
)

// tagStore answers PutTags with the tags it is told to, whatever it got.
type tagStore struct {
	bodypattern.Unimplemented
	got   []string
	reply []string
}

func (h *tagStore) PutTags(ctx context.Context, body *[]string) (bodypattern.PutTagsResponse, error) {
	h.got = append([]string(nil), *body...)
	return bodypattern.PutTagsResponse200{Body: h.reply}, nil
}

// TestInlineBodyPattern checks the items of inline array bodies against
// their pattern on both sides: the server's request decoder and the
// client's response decoder (the generator used to crash on this shape).
func TestInlineBodyPattern(t *testing.T) {
	h := &tagStore{}
	srv := httptest.NewServer(bodypattern.NewServer(h))
	defer srv.Close()

	tests := []struct {
		name    string
		body    string
		want    int
		wantErr string
	}{
		{name: "valid", body: `["go","json"]`, want: 200},
		{name: "second item breaks the pattern", body: `["go","JSON"]`, want: 422, wantErr: `$[1]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h.reply = []string{"OK"}
			res, err := http.Post(srv.URL+"/tags", "application/json", strings.NewReader(tt.body))
			if err != nil {
				t.Fatal(err)
			}
			var sb strings.Builder
			_, _ = io.Copy(&sb, res.Body)
			res.Body.Close()
			if res.StatusCode != tt.want {
				t.Fatalf("status %d, want %d: %s", res.StatusCode, tt.want, sb.String())
			}
			if tt.wantErr != "" && !strings.Contains(sb.String(), tt.wantErr) {
				t.Errorf("body %s does not name %s", sb.String(), tt.wantErr)
			}
		})
	}

	c, err := bodypattern.NewClient(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	h.reply = []string{"OK", "bad"}
	body := []string{"go"}
	if _, err := c.PutTags(context.Background(), &body); err == nil || !strings.Contains(err.Error(), "$[1]") {
		t.Errorf("client accepted a response item breaking the pattern: err = %v", err)
	}
	h.reply = []string{"OK", "FINE"}
	res, err := c.PutTags(context.Background(), &body)
	if err != nil {
		t.Fatal(err)
	}
	if got := res.(bodypattern.PutTagsResponse200).Body; len(got) != 2 || got[1] != "FINE" {
		t.Errorf("client decoded %q", got)
	}
}
