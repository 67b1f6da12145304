package servertest

import (
	"context"
	"errors"
	"net/http/httptest"
	"reflect"
	"testing"

	"github.com/oasgen/oasgen/oasrt"

	"github.com/oasgen/oasgen/oasrt/oashttp"
	"github.com/oasgen/oasgen/testdata/sharedresults"
)

// answersAlike answers getItem and getCopy, which share their result
// types (testdata/sharedresults), each in its own way.
type answersAlike struct {
	sharedresults.Unimplemented
}

func (answersAlike) GetItem(ctx context.Context, p sharedresults.GetItemParams) (sharedresults.GetItemResponse, error) {
	if p.ID == "missing" {
		return sharedresults.GetItemResponse404{}, nil
	}
	return sharedresults.GetItemResponse200{Body: sharedresults.Item{ID: "item " + p.ID}, ETag: oasrt.NewOpt("i1")}, nil
}

func (answersAlike) GetCopy(ctx context.Context, p sharedresults.GetCopyParams) (sharedresults.GetCopyResponse, error) {
	switch p.ID {
	case "missing":
		return sharedresults.GetCopyResponse404{}, nil
	case "gone":
		return sharedresults.GetCopyResponse4XX{StatusCode: 410, Body: sharedresults.Problem{Title: oasrt.NewOpt("gone")}}, nil
	}
	return sharedresults.GetCopyResponse200{Body: sharedresults.Item{ID: "copy " + p.ID}}, nil
}

// TestSharedResults: an operation whose result types are another's
// aliases is served by its own handler, written by the shared writers and
// read back by the client's shared method, every status of it, and a
// client returning error results gives errors.As the shared type.
func TestSharedResults(t *testing.T) {
	// The aliases are the owner's types: a handler of either operation
	// may return either name.
	var _ sharedresults.GetCopyResponse = sharedresults.GetItemResponse200{}
	srv := httptest.NewServer(sharedresults.NewServer(answersAlike{}))
	defer srv.Close()
	c, err := sharedresults.NewClient(srv.URL, oashttp.WithErrorResults())
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	res, err := c.GetItem(ctx, sharedresults.GetItemParams{ID: "a"})
	want := sharedresults.GetItemResponse200{Body: sharedresults.Item{ID: "item a"}, ETag: oasrt.NewOpt("i1")}
	if err != nil || !reflect.DeepEqual(res, want) {
		t.Errorf("GetItem: %#v, %v; want %#v", res, err, want)
	}
	cres, err := c.GetCopy(ctx, sharedresults.GetCopyParams{ID: "b"})
	cwant := sharedresults.GetCopyResponse200{Body: sharedresults.Item{ID: "copy b"}}
	if err != nil || !reflect.DeepEqual(cres, cwant) {
		t.Errorf("GetCopy: %#v, %v; want %#v", cres, err, cwant)
	}
	for _, id := range []string{"missing", "gone"} {
		cres, err = c.GetCopy(ctx, sharedresults.GetCopyParams{ID: id})
		var missing sharedresults.GetCopyResponse404
		var gone sharedresults.GetCopyResponse4XX
		switch {
		case id == "missing" && (!errors.As(err, &missing) || cres != sharedresults.GetCopyResponse(missing) || err.Error() != "response status 404"):
			t.Errorf("GetCopy(%s): %#v, %v; want the 404 result as the error too", id, cres, err)
		case id == "gone" && (!errors.As(err, &gone) || gone.StatusCode != 410 || gone.Body.Title.Value != "gone" || err.Error() != "response status 410"):
			t.Errorf("GetCopy(%s): %#v, %v; want the 4XX result with status 410 as the error too", id, cres, err)
		}
	}
	// The others answer otherwise, or with a constraint of their own:
	// their types are their own.
	for _, pair := range [][2]reflect.Type{
		{reflect.TypeFor[sharedresults.GetDraftResponse404](), reflect.TypeFor[sharedresults.GetItemResponse404]()},
		{reflect.TypeFor[sharedresults.GetVersionResponse200](), reflect.TypeFor[sharedresults.GetItemResponse200]()},
		{reflect.TypeFor[sharedresults.GetWeightResponse200](), reflect.TypeFor[sharedresults.GetSizeResponse200]()},
	} {
		if pair[0] == pair[1] {
			t.Errorf("%v is shared", pair[0])
		}
	}
}
