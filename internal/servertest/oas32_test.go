package servertest

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/testdata/oas32"
)

// notes serves testdata/oas32 and records the operation that ran.
type notes struct {
	oas32.Unimplemented
	ran string
}

func (h *notes) SearchNotes(ctx context.Context, body *oas32.Search) (oas32.SearchNotesResponse, error) {
	h.ran = "searchNotes " + body.Text
	return oas32.SearchNotesResponse200{Body: []oas32.Note{{ID: 1, Text: body.Text}}}, nil
}

func (h *notes) LockNote(ctx context.Context, p oas32.LockNoteParams) (oas32.LockNoteResponse, error) {
	h.ran = "lockNote"
	return oas32.LockNoteResponse204{}, nil
}

func (h *notes) PurgeNotesID(ctx context.Context, p oas32.PurgeNotesIDParams) (oas32.PurgeNotesIDResponse, error) {
	h.ran = "purge"
	return oas32.PurgeNotesIDResponse204{}, nil
}

// TestOAS32Methods calls the query method and additionalOperations of an
// OpenAPI 3.2 document through the generated client and server, and sends
// the methods they do not declare.
func TestOAS32Methods(t *testing.T) {
	h := &notes{}
	srv := httptest.NewServer(oas32.NewServer(h))
	defer srv.Close()
	c, err := oas32.NewClient(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	res, err := c.SearchNotes(ctx, &oas32.Search{Text: "go"})
	if err != nil || h.ran != "searchNotes go" {
		t.Fatalf("SearchNotes: %v, ran %q", err, h.ran)
	}
	if r, ok := res.(oas32.SearchNotesResponse200); !ok || len(r.Body) != 1 || r.Body[0].Text != "go" {
		t.Fatalf("SearchNotes = %#v", res)
	}
	if _, err := c.LockNote(ctx, oas32.LockNoteParams{ID: 7}); err != nil || h.ran != "lockNote" {
		t.Fatalf("LockNote: %v, ran %q", err, h.ran)
	}
	if _, err := c.PurgeNotesID(ctx, oas32.PurgeNotesIDParams{ID: 7}); err != nil || h.ran != "purge" {
		t.Fatalf("PurgeNotesID: %v, ran %q", err, h.ran)
	}
	for _, tc := range []struct {
		name, method, path string
		want               int
		wantAllow          string
	}{
		{name: "query without body", method: "QUERY", path: "/notes", want: http.StatusBadRequest},
		{name: "get on a query route", method: "GET", path: "/notes", want: http.StatusMethodNotAllowed, wantAllow: "QUERY"},
		{name: "methods are case-sensitive", method: "lock", path: "/notes/1", want: http.StatusMethodNotAllowed, wantAllow: "LOCK, PURGE"},
		{name: "custom method", method: "LOCK", path: "/notes/1", want: http.StatusNoContent},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req, _ := http.NewRequest(tc.method, srv.URL+tc.path, strings.NewReader(""))
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != tc.want || resp.Header.Get("Allow") != tc.wantAllow {
				t.Errorf("status %d, Allow %q; want %d, %q", resp.StatusCode, resp.Header.Get("Allow"), tc.want, tc.wantAllow)
			}
		})
	}
}
