package servertest

import (
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/oasgen/oasgen/oasrt"

	"github.com/oasgen/oasgen/oasrt/oashttp"
	"github.com/oasgen/oasgen/testdata/pages"
)

// Pagers (testdata/pages) against loopback servers that page as GitHub
// (Link headers) and as cursor, offset and page-number APIs do; each
// server records the queries it was sent.

type pageServer struct {
	mu      sync.Mutex
	queries []string
	serve   func(w http.ResponseWriter, r *http.Request)
}

func (s *pageServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.queries = append(s.queries, r.URL.RawQuery)
	s.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	s.serve(w, r)
}

func (s *pageServer) sent() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.queries)
}

func pagesClient(t *testing.T, serve func(w http.ResponseWriter, r *http.Request)) (*pages.Client, *pageServer, string) {
	t.Helper()
	s := &pageServer{serve: serve}
	ts := httptest.NewServer(s)
	t.Cleanup(ts.Close)
	c, err := pages.NewClient(ts.URL, oashttp.WithoutRetry())
	if err != nil {
		t.Fatal(err)
	}
	return c, s, ts.URL
}

// github answers 7 issues, 3 a page, with GitHub's Link headers: absolute
// URLs keeping per_page, next and last links in one field, and none to a
// next page on the last.
func github(base *string) func(w http.ResponseWriter, r *http.Request) {
	return func(w http.ResponseWriter, r *http.Request) {
		page, _ := strconv.Atoi(r.URL.Query().Get("page"))
		page = max(page, 1)
		link := func(p int, rel string) string {
			return fmt.Sprintf(`<%s%s?per_page=3&page=%d>; rel="%s"`, *base, r.URL.Path, p, rel)
		}
		var links []string
		if page < 3 {
			links = append(links, link(page+1, "next"), link(3, "last"))
		}
		if page > 1 {
			links = append(links, link(page-1, "prev"), link(1, "first"))
		}
		w.Header().Set("Link", strings.Join(links, ", "))
		var items []string
		for n := (page-1)*3 + 1; n <= min(page*3, 7); n++ {
			items = append(items, fmt.Sprintf(`{"number":%d,"title":"issue %d"}`, n, n))
		}
		w.Write([]byte("[" + strings.Join(items, ",") + "]"))
	}
}

func TestPagesLink(t *testing.T) {
	var base string
	c, s, url := pagesClient(t, github(&base))
	base = url
	params := pages.ListIssuesParams{Owner: "octo", Repo: "hello", PerPage: oasrt.NewOpt[int64](3)}
	var got []int64
	for it, err := range c.ListIssuesAll(callCtx(t), params) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, it.Number)
	}
	if want := []int64{1, 2, 3, 4, 5, 6, 7}; !slices.Equal(got, want) {
		t.Fatalf("issues %v, want %v", got, want)
	}
	if want := []string{"per_page=3", "per_page=3&page=2", "per_page=3&page=3"}; !slices.Equal(s.sent(), want) {
		t.Fatalf("queries %q, want %q", s.sent(), want)
	}

	// Breaking out on page 2 fetches no page 3.
	c, s, url = pagesClient(t, github(&base))
	base = url
	for it, err := range c.ListIssuesAll(callCtx(t), params) {
		if err != nil || it.Number == 4 {
			break
		}
	}
	if len(s.sent()) != 2 {
		t.Fatalf("queries %q after breaking out on page 2, want 2", s.sent())
	}

	// A next link to another server is an error, and is not followed.
	other := "http://127.0.0.2:1"
	c, s, _ = pagesClient(t, github(&other))
	var n int
	var err error
	for _, err = range c.ListIssuesAll(callCtx(t), params) {
		if err != nil {
			break
		}
		n++
	}
	if n != 3 || err == nil || !strings.Contains(err.Error(), "is not on the client's server") || len(s.sent()) != 1 {
		t.Fatalf("%d items, err %v, queries %q; want 3 items, then the error", n, err, s.sent())
	}
}

func TestPagesCursor(t *testing.T) {
	// Customers c1..c5, two a page; the last page has no next_cursor.
	c, s, _ := pagesClient(t, func(w http.ResponseWriter, r *http.Request) {
		after, _ := strconv.Atoi(strings.TrimPrefix(r.URL.Query().Get("starting_after"), "c"))
		var ids []string
		for n := after + 1; n <= min(after+2, 5); n++ {
			ids = append(ids, fmt.Sprintf(`{"id":"c%d"}`, n))
		}
		next := ""
		if after+2 < 5 {
			next = fmt.Sprintf(`,"next_cursor":"c%d"`, after+2)
		}
		fmt.Fprintf(w, `{"data":[%s]%s}`, strings.Join(ids, ","), next)
	})
	var got []string
	for it, err := range c.ListCustomersAll(callCtx(t), pages.ListCustomersParams{Limit: oasrt.NewOpt[int32](2)}) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, it.ID)
	}
	if want := []string{"c1", "c2", "c3", "c4", "c5"}; !slices.Equal(got, want) {
		t.Fatalf("customers %v, want %v", got, want)
	}
	if want := []string{"limit=2", "starting_after=c2&limit=2", "starting_after=c4&limit=2"}; !slices.Equal(s.sent(), want) {
		t.Fatalf("queries %q, want %q", s.sent(), want)
	}

	// A server giving the same cursor again would page for ever.
	c, _, _ = pagesClient(t, func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(`{"data":[{"id":"x"}],"next_cursor":"same"}`))
	})
	var err error
	n := 0
	for _, err = range c.ListCustomersAll(callCtx(t), pages.ListCustomersParams{}) {
		if err != nil {
			break
		}
		n++
	}
	var le *oashttp.LoopError
	if !errors.As(err, &le) || n != 2 {
		t.Fatalf("err = %v after %d items, want a *LoopError after 2", err, n)
	}
}

func TestPagesOffsetAndNumber(t *testing.T) {
	words := []string{"a", "b", "c", "d", "e"}
	c, s, _ := pagesClient(t, func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		var page []string
		if r.URL.Path == "/events" {
			off, _ := strconv.Atoi(q.Get("offset"))
			page = words[min(off, 5):min(off+2, 5)]
		} else {
			n, _ := strconv.Atoi(q.Get("page"))
			n = max(n, 1)
			page = words[min((n-1)*2, 5):min(n*2, 5)]
		}
		var quoted []string
		for _, p := range page {
			quoted = append(quoted, strconv.Quote(p))
		}
		list := "[" + strings.Join(quoted, ",") + "]"
		if r.URL.Path == "/events" {
			list = `{"events":` + list + `}`
		}
		w.Write([]byte(list))
	})
	collect := func(seq func(yield func(string, error) bool)) []string {
		var got []string
		for it, err := range seq {
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, it)
		}
		return got
	}
	if got := collect(c.ListEventsAll(callCtx(t), pages.ListEventsParams{})); !slices.Equal(got, words) {
		t.Errorf("offset: %v", got)
	}
	if got := collect(c.ListTagsAll(callCtx(t), pages.ListTagsParams{})); !slices.Equal(got, words) {
		t.Errorf("page: %v", got)
	}
	want := []string{"", "offset=2", "offset=4", "offset=5", "", "page=2", "page=3", "page=4"}
	if !slices.Equal(s.sent(), want) {
		t.Errorf("queries %q, want %q", s.sent(), want)
	}

	// A response that is not a page ends the iteration with its error.
	c, _, _ = pagesClient(t, func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(500)
	})
	for _, err := range c.ListTagsAll(callCtx(t), pages.ListTagsParams{}) {
		var se *oashttp.StatusError
		if !errors.As(err, &se) || se.StatusCode != 500 {
			t.Errorf("err = %v, want the 500", err)
		}
	}
}
