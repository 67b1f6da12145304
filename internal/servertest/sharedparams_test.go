package servertest

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/oasrt"

	"github.com/oasgen/oasgen/testdata/sharedparams"
)

// paramsSeen records the parameters each operation was called with.
type paramsSeen struct {
	sharedparams.Unimplemented
	got []string
}

func (h *paramsSeen) ReadItem(ctx context.Context, p sharedparams.ReadItemParams) (sharedparams.ReadItemResponse, error) {
	h.got = append(h.got, fmt.Sprintf("read %s %v %v", p.ID, p.Pretty.Set, p.Pretty.Value))
	return sharedparams.ReadItemResponse204{}, nil
}

func (h *paramsSeen) ReplaceItem(ctx context.Context, p sharedparams.ReplaceItemParams) (sharedparams.ReplaceItemResponse, error) {
	h.got = append(h.got, fmt.Sprintf("replace %s %v %v", p.ID, p.Pretty.Set, p.Pretty.Value))
	return sharedparams.ReplaceItemResponse204{}, nil
}

func (h *paramsSeen) DeleteItem(ctx context.Context, p sharedparams.DeleteItemParams) (sharedparams.DeleteItemResponse, error) {
	h.got = append(h.got, fmt.Sprintf("delete %s %v %v", p.ID, p.Pretty.Set, p.Pretty.Value))
	return sharedparams.DeleteItemResponse204{}, nil
}

func (h *paramsSeen) ReadPair(ctx context.Context, p sharedparams.ReadPairParams) (sharedparams.ReadPairResponse, error) {
	h.got = append(h.got, "pair a="+p.A+" b="+p.B)
	return sharedparams.ReadPairResponse204{}, nil
}

func (h *paramsSeen) ReadFlipped(ctx context.Context, p sharedparams.ReadFlippedParams) (sharedparams.ReadFlippedResponse, error) {
	h.got = append(h.got, "flipped a="+p.A+" b="+p.B)
	return sharedparams.ReadFlippedResponse204{}, nil
}

func (h *paramsSeen) ListBoxes(ctx context.Context, p sharedparams.ListBoxesParams) (sharedparams.ListBoxesResponse, error) {
	h.got = append(h.got, fmt.Sprintf("boxes %v %q %q", p.Limit, p.Cursor.Value, p.XTrace.Value))
	return sharedparams.ListBoxesResponse204{}, nil
}

func (h *paramsSeen) ListCrates(ctx context.Context, p sharedparams.ListCratesParams) (sharedparams.ListCratesResponse, error) {
	h.got = append(h.got, fmt.Sprintf("crates %v %q %q", p.Limit, p.Cursor.Value, p.XTrace.Value))
	return sharedparams.ListCratesResponse204{}, nil
}

// TestSharedParamsDecoder: operations whose parameters are the same share
// one decoder (testdata/sharedparams), and each handler still gets its own
// parameters; operations whose path parameters sit in other places decode
// their own.
func TestSharedParamsDecoder(t *testing.T) {
	h := &paramsSeen{}
	srv := httptest.NewServer(sharedparams.NewServer(h))
	defer srv.Close()
	c, err := sharedparams.NewClient(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	calls := []func() error{
		func() error {
			_, err := c.ReadItem(ctx, sharedparams.ReadItemParams{ID: "r1", Pretty: oasrt.NewOpt(true)})
			return err
		},
		func() error { _, err := c.ReplaceItem(ctx, sharedparams.ReplaceItemParams{ID: "r2"}); return err },
		func() error {
			_, err := c.DeleteItem(ctx, sharedparams.DeleteItemParams{ID: "r3", Pretty: oasrt.NewOpt(false)})
			return err
		},
		func() error { _, err := c.ReadPair(ctx, sharedparams.ReadPairParams{A: "x", B: "y"}); return err },
		func() error { _, err := c.ReadFlipped(ctx, sharedparams.ReadFlippedParams{A: "x", B: "y"}); return err },
		// The client sends both operations' parameters with one function.
		func() error {
			_, err := c.ListBoxes(ctx, sharedparams.ListBoxesParams{Limit: oasrt.NewOpt[int64](5), Cursor: oasrt.NewOpt("b&c"), XTrace: oasrt.NewOpt("t1")})
			return err
		},
		func() error {
			_, err := c.ListCrates(ctx, sharedparams.ListCratesParams{Cursor: oasrt.NewOpt("c2")})
			return err
		},
	}
	for i, call := range calls {
		if err := call(); err != nil {
			t.Fatalf("call %d: %v", i, err)
		}
	}
	want := []string{
		"read r1 true true",
		"replace r2 false false",
		"delete r3 true false",
		"pair a=x b=y",
		"flipped a=x b=y",
		`boxes {5 true} "b&c" "t1"`,
		`crates {0 false} "c2" ""`,
	}
	if fmt.Sprint(h.got) != fmt.Sprint(want) {
		t.Errorf("handlers got\n%q\nwant\n%q", h.got, want)
	}
	// A shared decoder reports errors by the parameter's name, as its own
	// would.
	req, err := http.NewRequest(http.MethodDelete, srv.URL+"/items/r4?pretty=maybe", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(body), "pretty") {
		t.Errorf("DELETE /items/r4?pretty=maybe: status %d, body %s; want 400 naming pretty", resp.StatusCode, body)
	}
}
