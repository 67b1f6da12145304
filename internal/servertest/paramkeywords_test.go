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

	"github.com/oasgen/oasgen/testdata/paramkeywords"
)

// keywordsHandler answers 204 to every operation of testdata/paramkeywords.
type keywordsHandler struct {
	paramkeywords.Unimplemented
	page *paramkeywords.GetObjectPage // the last page received, when set
}

func (keywordsHandler) GetQuery(context.Context, paramkeywords.GetQueryParams) (paramkeywords.GetQueryResponse, error) {
	return paramkeywords.GetQueryResponse204{}, nil
}

func (keywordsHandler) GetPath(context.Context, paramkeywords.GetPathParams) (paramkeywords.GetPathResponse, error) {
	return paramkeywords.GetQueryResponse204{}, nil
}

func (keywordsHandler) GetHeader(context.Context, paramkeywords.GetHeaderParams) (paramkeywords.GetHeaderResponse, error) {
	return paramkeywords.GetQueryResponse204{}, nil
}

func (h keywordsHandler) GetObject(_ context.Context, p paramkeywords.GetObjectParams) (paramkeywords.GetObjectResponse, error) {
	if h.page != nil {
		*h.page = p.Page.Value
	}
	return paramkeywords.GetQueryResponse204{}, nil
}

func (keywordsHandler) SameA(context.Context, paramkeywords.SameAParams) (paramkeywords.SameAResponse, error) {
	return paramkeywords.GetQueryResponse204{}, nil
}

func (keywordsHandler) SameB(context.Context, paramkeywords.SameBParams) (paramkeywords.SameBResponse, error) {
	return paramkeywords.GetQueryResponse204{}, nil
}

func (keywordsHandler) SameC(context.Context, paramkeywords.SameCParams) (paramkeywords.SameCResponse, error) {
	return paramkeywords.GetQueryResponse204{}, nil
}

// TestParamKeywords sends the generated server of testdata/paramkeywords
// arrays of too few, too many and equal items, and objects that break
// their keywords, in every location: each is a 400 naming the parameter,
// and the good ones reach the handler.
func TestParamKeywords(t *testing.T) {
	srv := httptest.NewServer(paramkeywords.NewServer(keywordsHandler{}))
	defer srv.Close()
	cases := []struct {
		target string
		header [2]string // a header's name and value
		bad    string    // the parameter refused, or "" for a 204
	}{
		{target: "/query?ids=1&ids=2"},
		{target: "/query?ids=1&ids=2&ids=3"},
		{target: "/query?ids=1", bad: "ids"},
		{target: "/query?ids=1&ids=2&ids=3&ids=4", bad: "ids"},
		{target: "/query?ids=1&ids=2&ids=1", bad: "ids"},
		{target: "/query?ids=-0&ids=0", bad: "ids"},
		// JSON Schema counts 2e0 as an integer, and 1.0 as 1.
		{target: "/query?ids=1&ids=2e0"},
		{target: "/query?ids=1&ids=1.0", bad: "ids"},
		{target: "/query?ids=1&ids=1.5", bad: "ids"},
		{target: "/query?tags=a,b"},
		{target: "/query?tags=a,a", bad: "tags"},
		{target: "/query?tags=a,b,c", bad: "tags"},
		{target: "/query?tags=", bad: "tags"},
		{target: "/query?tags=a%2Cb,a"},
		{target: "/query?nums=1%202"},
		{target: "/query?nums=1%201.0", bad: "nums"},
		{target: "/query?nums=100%201e2", bad: "nums"},
		// Two numbers that round to one float64 are two values.
		{target: "/query?nums=0.1%200.10000000000000000001"},
		{target: "/query?codes=a|a"},
		{target: "/query?codes=a|b|c", bad: "codes"},
		// One instant, two strings.
		{target: "/query?days=2020-01-01T00:00:00Z&days=2020-01-01T00:00:00%2B00:00"},
		{target: "/query?days=2020-01-01T00:00:00Z&days=2020-01-01T00:00:00Z", bad: "days"},

		// The items' own keywords, strings' too.
		{target: "/query?names=ab&names=cd"},
		{target: "/query?names=ab&names=c", bad: "names"},

		{target: "/path/1,2/.a,b/;points=1;points=2"},
		{target: "/path/1/.a/;points=1;points=2", bad: "ids"},
		{target: "/path/1,2,3,4/.a/;points=1;points=2", bad: "ids"},
		{target: "/path/2,2/.a/;points=1;points=2", bad: "ids"},
		{target: "/path/1,2/.a,a/;points=1;points=2", bad: "labels"},
		{target: "/path/1,2/.a,b/;points=1", bad: "points"},
		{target: "/path/1,2/.a,b/;points=1;points=1e0", bad: "points"},

		{target: "/header", header: [2]string{"X-Ids", "1, 2"}},
		{target: "/header", header: [2]string{"X-Ids", "1"}, bad: "X-Ids"},
		{target: "/header", header: [2]string{"X-Ids", "1,2,3,4"}, bad: "X-Ids"},
		{target: "/header", header: [2]string{"X-Ids", "1,1"}, bad: "X-Ids"},
		{target: "/header", header: [2]string{"Cookie", "ids=1,2"}},
		{target: "/header", header: [2]string{"Cookie", "ids=1"}, bad: "ids"},
		{target: "/header", header: [2]string{"Cookie", "ids=1,2,3,4"}, bad: "ids"},
		{target: "/header", header: [2]string{"Cookie", "ids=3,3"}, bad: "ids"},
		{target: "/header", header: [2]string{"X-Box", "w,1,h,2"}},
		{target: "/header", header: [2]string{"X-Box", "h,2"}, bad: "X-Box"},
		{target: "/header", header: [2]string{"X-Box", "w,1,h,2,d,3"}, bad: "X-Box"},
		{target: "/header", header: [2]string{"X-Box", "w,1,w,1"}, bad: "X-Box"},

		{target: "/object?filter[color]=red"},
		{target: "/object?filter[color]=red&filter[size]=1"},
		{target: "/object?filter[x]=1", bad: "filter"},
		{target: "/object?filter[color]=red&filter[shape]=square", bad: "filter"},
		{target: "/object?filter[color]=red&filter[size]=1&filter[shape]=square", bad: "filter"},
		{target: "/object?box=w,1"},
		{target: "/object?box=w,1,z,3"},
		{target: "/object?box=w,1,h,2,z,3", bad: "box"},
		{target: "/object?box=h,1", bad: "box"},
		{target: "/object?box=w,1,w,2", bad: "box"},
		{target: "/object?from=1"},
		{target: "/object?from=1&to=2", bad: "range"},
		// minProperties counts the members page does not declare.
		{target: "/object?page[size]=1&page[x]=y"},
		{target: "/object?page[size]=1", bad: "page"},
		{target: "/object?page[x]=1&page[y]=2"},
		// A required name no property declares is the object's own key.
		{target: "/object?start=1&unit=m"},
		{target: "/object?start=1", bad: "span"},

		{target: "/same/a?ids=1&ids=2&ids=3&ids=4", bad: "ids"},
		{target: "/same/b?ids=1&ids=2&ids=3&ids=4"},
		{target: "/same/c?ids=1&ids=2&ids=3&ids=4", bad: "ids"},
	}
	for _, c := range cases {
		req, err := http.NewRequest(http.MethodGet, srv.URL+c.target, nil)
		if err != nil {
			t.Fatal(err)
		}
		if c.header[0] != "" {
			req.Header.Set(c.header[0], c.header[1])
		}
		resp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		switch {
		case c.bad == "" && resp.StatusCode != http.StatusNoContent:
			t.Errorf("%s %q: status %d, body %s; want 204", c.target, c.header, resp.StatusCode, body)
		case c.bad != "" && (resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(body), `"parameter":"`+c.bad+`"`)):
			t.Errorf("%s %q: status %d, body %s; want 400 naming %s", c.target, c.header, resp.StatusCode, body, c.bad)
		}
	}
}

// TestParamKeywordsClient: the client does not send an array parameter
// whose items repeat (uniqueItems), compared as JSON values.
func TestParamKeywordsClient(t *testing.T) {
	srv := httptest.NewServer(paramkeywords.NewServer(keywordsHandler{}))
	defer srv.Close()
	c, err := paramkeywords.NewClient(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	var check *oashttp.RequestCheckError
	if _, err := c.GetQuery(ctx, paramkeywords.GetQueryParams{Nums: []float64{1, 2, 1.0}}); !errors.As(err, &check) {
		t.Errorf("nums [1 2 1]: %v; want a RequestCheckError", err)
	}
	if _, err := c.GetQuery(ctx, paramkeywords.GetQueryParams{IDs: []int64{1, 2}, Nums: []float64{0.1, 0.2}}); err != nil {
		t.Errorf("good parameters: %v", err)
	}
}

// TestParamKeywordsOpenObject: an object parameter that keeps the members
// it does not declare goes from the client to the handler with them, as
// strings, and the client checks minProperties on them too.
func TestParamKeywordsOpenObject(t *testing.T) {
	var got paramkeywords.GetObjectPage
	srv := httptest.NewServer(paramkeywords.NewServer(keywordsHandler{page: &got}))
	defer srv.Close()
	c, err := paramkeywords.NewClient(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	page := paramkeywords.GetObjectPage{Size: oasrt.NewOpt[int64](5), AdditionalProperties: map[string]oasrt.Raw{"sort": oasrt.Raw(`"name,desc"`)}}
	if _, err := c.GetObject(ctx, paramkeywords.GetObjectParams{Page: oasrt.NewOpt(page)}); err != nil {
		t.Fatal(err)
	}
	if got.Size != page.Size || string(got.AdditionalProperties["sort"]) != `"name,desc"` || len(got.AdditionalProperties) != 1 {
		t.Errorf("handler got %+v, want %+v", got, page)
	}
	var check *oashttp.RequestCheckError
	one := paramkeywords.GetObjectPage{Size: oasrt.NewOpt[int64](5)}
	if _, err := c.GetObject(ctx, paramkeywords.GetObjectParams{Page: oasrt.NewOpt(one)}); !errors.As(err, &check) {
		t.Errorf("page of one property: %v; want a RequestCheckError", err)
	}
}
