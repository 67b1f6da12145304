package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/oasrt"

	"github.com/oasgen/oasgen/examples/petstore/api"
	validateapi "github.com/oasgen/oasgen/examples/validate/api"
	"github.com/oasgen/oasgen/oasrt/oashttp"
)

// start serves a fresh store over real HTTP and returns a client of it and
// the server's base URL. The client's requests and the server's responses
// go through the contract transport generated from the same spec
// (examples/validate/api): a response that breaks the spec fails the
// call that received it.
func start(t *testing.T, opts ...oashttp.ServerOption) (*api.Client, string) {
	t.Helper()
	ts := httptest.NewServer(newHandler(opts...))
	t.Cleanup(ts.Close)
	hc := &http.Client{Transport: validateapi.NewContractTransport(ts.Client().Transport, oashttp.WithBasePath(basePath))}
	c, err := api.NewClient(ts.URL+basePath, oashttp.WithHTTPClient(hc))
	if err != nil {
		t.Fatal(err)
	}
	return c, ts.URL + basePath
}

// raw sends a request without the client and returns the status, the
// headers and the decoded problem when the body is one.
func raw(t *testing.T, method, url, ct, body, accept string) (int, http.Header, *oashttp.Problem) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	if ct != "" {
		req.Header.Set("Content-Type", ct)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.Header.Get("Content-Type") != "application/problem+json" {
		return resp.StatusCode, resp.Header, nil
	}
	var p oashttp.Problem
	if err := json.Unmarshal(data, &p); err != nil {
		t.Fatalf("problem %s: %v", data, err)
	}
	return resp.StatusCode, resp.Header, &p
}

func TestPetLifecycle(t *testing.T) {
	c, _ := start(t)
	ctx := context.Background()

	added, err := c.AddPet(ctx, &api.Pet{Name: "rex", PhotoURLs: []string{"p.png"},
		Tags: []api.Tag{{Name: oasrt.NewOpt("good")}}, Status: oasrt.NewOpt(api.PetStatusAvailable)})
	if err != nil {
		t.Fatal(err)
	}
	pet := added.(api.AddPetResponse200).Body
	if !pet.ID.Set || pet.Name != "rex" {
		t.Fatalf("added %+v", pet)
	}

	got, err := c.GetPetByID(ctx, api.GetPetByIDParams{PetID: pet.ID.Value})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, api.GetPetByIDResponse200{Body: pet}) {
		t.Errorf("get: %+v, want %+v", got, pet)
	}

	pet.Name, pet.Status = "rex II", oasrt.NewOpt(api.PetStatusSold)
	up, err := c.UpdatePet(ctx, &pet)
	if err != nil || !reflect.DeepEqual(up, api.UpdatePetResponse200{Body: pet}) {
		t.Fatalf("update: %+v %v", up, err)
	}
	form, err := c.UpdatePetWithForm(ctx, api.UpdatePetWithFormParams{PetID: pet.ID.Value, Name: oasrt.NewOpt("rex III"), Status: oasrt.NewOpt(api.StatusPending)})
	if err != nil || form.(api.UpdatePetWithFormResponse200).Body.Name != "rex III" {
		t.Fatalf("update with form: %+v %v", form, err)
	}

	byStatus, err := c.FindPetsByStatus(ctx, api.FindPetsByStatusParams{Status: oasrt.NewOpt(api.StatusPending)})
	if err != nil || len(byStatus.(api.FindPetsByStatusResponse200).Body) != 1 {
		t.Errorf("find by status: %+v %v", byStatus, err)
	}
	byTags, err := c.FindPetsByTags(ctx, api.FindPetsByTagsParams{Tags: []string{"bad", "good"}})
	if err != nil || len(byTags.(api.FindPetsByTagsResponse200).Body) != 1 {
		t.Errorf("find by tags: %+v %v", byTags, err)
	}
	inv, err := c.GetInventory(ctx)
	if err != nil || inv.(api.GetInventoryResponse200).Body["pending"] != 1 {
		t.Errorf("inventory: %+v %v", inv, err)
	}
	img, err := c.UploadFile(ctx, api.UploadFileParams{PetID: pet.ID.Value, AdditionalMetadata: oasrt.NewOpt("front")},
		oashttp.RawBody{Body: bytes.NewReader(make([]byte, 1000))})
	if err != nil || img.(api.UploadFileResponse200).Body.Message.Value != "stored 1000 bytes (front)" {
		t.Errorf("upload: %+v %v", img, err)
	}

	del, err := c.DeletePet(ctx, api.DeletePetParams{PetID: pet.ID.Value, APIKey: oasrt.NewOpt("k")})
	if err != nil || del != (api.DeletePetResponse200{}) {
		t.Fatalf("delete: %+v %v", del, err)
	}
	gone, err := c.GetPetByID(ctx, api.GetPetByIDParams{PetID: pet.ID.Value})
	if err != nil || gone != (api.GetPetByIDResponse404{}) {
		t.Errorf("get after delete: %+v %v", gone, err)
	}
	if again, err := c.DeletePet(ctx, api.DeletePetParams{PetID: pet.ID.Value}); err != nil || again != (api.DeletePetResponse404{}) {
		t.Errorf("delete again: %+v %v", again, err)
	}
}

func TestStoreAndUsers(t *testing.T) {
	c, base := start(t)
	ctx := context.Background()
	added, _ := c.AddPet(ctx, &api.Pet{Name: "cat", PhotoURLs: []string{}})
	petID := added.(api.AddPetResponse200).Body.ID.Value

	o, err := c.PlaceOrder(ctx, &api.Order{PetID: oasrt.NewOpt(petID), Quantity: oasrt.NewOpt[int32](2)})
	if err != nil {
		t.Fatal(err)
	}
	order := o.(api.PlaceOrderResponse200).Body
	if order.Status.Value != api.OrderStatusPlaced || !order.ShipDate.Set {
		t.Errorf("order %+v", order)
	}
	if g, err := c.GetOrderByID(ctx, api.GetOrderByIDParams{OrderID: order.ID.Value}); err != nil || !g.(api.GetOrderByIDResponse200).Body.ShipDate.Value.Equal(order.ShipDate.Value) {
		t.Errorf("get order: %+v %v", g, err)
	}
	if d, err := c.DeleteOrder(ctx, api.DeleteOrderParams{OrderID: order.ID.Value}); err != nil || d != (api.DeleteOrderResponse200{}) {
		t.Errorf("delete order: %+v %v", d, err)
	}
	if d, err := c.DeleteOrder(ctx, api.DeleteOrderParams{OrderID: order.ID.Value}); err != nil || d != (api.DeleteOrderResponse404{}) {
		t.Errorf("delete order again: %+v %v", d, err)
	}
	// The client does not send an order that breaks the schema; sent
	// anyway, the server answers 422.
	badOrder := &api.Order{PetID: oasrt.NewOpt(petID), Quantity: oasrt.NewOpt[int32](0)}
	var rc *oashttp.RequestCheckError
	if q, err := c.PlaceOrder(ctx, badOrder); !errors.As(err, &rc) {
		t.Errorf("bad quantity sent: %+v %v", q, err)
	}
	unchecked, err := api.NewClient(base, oashttp.WithoutRequestCheck())
	if err != nil {
		t.Fatal(err)
	}
	if q, err := unchecked.PlaceOrder(ctx, badOrder); err != nil || q != (api.PlaceOrderResponse422{}) {
		t.Errorf("bad quantity: %+v %v", q, err)
	}
	// Through the contract transport, the same order is stopped before it
	// is sent, naming the operation and the property.
	contract, err := api.NewClient(base, oashttp.WithoutRequestCheck(), oashttp.WithoutRetry(),
		oashttp.WithHTTPClient(&http.Client{Transport: validateapi.NewContractTransport(nil, oashttp.WithBasePath(basePath))}))
	if err != nil {
		t.Fatal(err)
	}
	var ce *oashttp.ContractError
	if q, err := contract.PlaceOrder(ctx, badOrder); !errors.As(err, &ce) || ce.Operation != "placeOrder" || ce.Response || !strings.Contains(err.Error(), "$.quantity") {
		t.Errorf("bad quantity through the contract transport: %+v %v, want a *ContractError naming placeOrder and $.quantity", q, err)
	}

	users := []api.User{{Username: "ann", Password: oasrt.NewOpt("pw")}, {Username: "bob"}}
	if r, err := c.CreateUsersWithListInput(ctx, &users); err != nil || r.(api.CreateUsersWithListInputResponse200).Body.Username != "bob" {
		t.Fatalf("create users: %+v %v", r, err)
	}
	login, err := c.LoginUser(ctx, api.LoginUserParams{Username: oasrt.NewOpt("ann"), Password: oasrt.NewOpt("pw")})
	if err != nil {
		t.Fatal(err)
	}
	l := login.(api.LoginUserResponse200)
	if l.XRateLimit.Value != 5000 || !l.XExpiresAfter.Set || l.Body == "logged in user session:0" || !strings.HasPrefix(l.Body, "logged in") {
		t.Errorf("login: %+v (response headers decoded?)", l)
	}
	if anon, err := c.LoginUser(ctx, api.LoginUserParams{Username: oasrt.NewOpt("ann")}); err != nil || anon.(api.LoginUserResponse200).Body != "logged in user session:0" {
		t.Errorf("login with a wrong password: %+v %v", anon, err)
	}
	if u, err := c.UpdateUser(ctx, api.UpdateUserParams{Username: "ann"}, &api.User{Username: "ann", Email: oasrt.NewOpt("a@b.c")}); err != nil || u != (api.UpdateUserResponse200{}) {
		t.Errorf("update user: %+v %v", u, err)
	}
	if g, err := c.GetUserByName(ctx, api.GetUserByNameParams{Username: "ann"}); err != nil || g.(api.GetUserByNameResponse200).Body.Email.Value != "a@b.c" {
		t.Errorf("get user: %+v %v", g, err)
	}
	if d, err := c.DeleteUser(ctx, api.DeleteUserParams{Username: "ann"}); err != nil || d != (api.DeleteUserResponse200{}) {
		t.Errorf("delete user: %+v %v", d, err)
	}
	if g, err := c.GetUserByName(ctx, api.GetUserByNameParams{Username: "ann"}); err != nil || g != (api.GetUserByNameResponse404{}) {
		t.Errorf("get deleted user: %+v %v", g, err)
	}
	if r, err := c.LogoutUser(ctx); err != nil || r != (api.LogoutUserResponse200{}) {
		t.Errorf("logout: %+v %v", r, err)
	}
}

func TestHTTPErrors(t *testing.T) {
	_, base := start(t, oashttp.WithMaxBodyBytes(1<<10))
	pet := `{"name":"x","photoUrls":[]}`
	tests := []struct {
		name, method, path, ct, body string
		accept                       string
		status                       int
		allow                        string
		param, jsonPath              string
		offset                       int64
	}{
		{name: "unknown path", method: "GET", path: "/pets", status: 404},
		{name: "trailing slash", method: "GET", path: "/pet/", status: 404},
		{name: "method not allowed", method: "PATCH", path: "/pet/1", status: 405, allow: "DELETE, GET, HEAD, POST"},
		{name: "method not allowed, static", method: "GET", path: "/pet", status: 405, allow: "POST, PUT"},
		{name: "bad path parameter", method: "GET", path: "/pet/abc", status: 400, param: "petId"},
		{name: "path parameter out of range", method: "GET", path: "/pet/99999999999999999999", status: 400, param: "petId"},
		{name: "bad enum query", method: "GET", path: "/pet/findByStatus?status=lost", status: 400, param: "status"},
		{name: "bad body type", method: "POST", path: "/pet", ct: "application/json", body: `{"name":"x","photoUrls":[1]}`, status: 422, jsonPath: "$.photoUrls[0]", offset: 25},
		{name: "missing property", method: "POST", path: "/pet", ct: "application/json", body: `{"name":"x"}`, status: 422, jsonPath: "$", offset: 11},
		{name: "bad user, 400 where the spec has no 422", method: "PUT", path: "/user/ann", ct: "application/json", body: `{"username":""}`, status: 400, jsonPath: "$.username", offset: 12},
		{name: "bad JSON", method: "POST", path: "/pet", ct: "application/json", body: `{"name":"x",}`, status: 400, jsonPath: "$", offset: 12},
		{name: "not JSON", method: "POST", path: "/pet", ct: "text/plain", body: pet, status: 415},
		{name: "oversized body", method: "POST", path: "/pet", ct: "application/json", body: `{"name":"` + strings.Repeat("x", 2000) + `","photoUrls":[]}`, status: 413},
		{name: "oversized upload", method: "POST", path: "/pet/1/uploadImage", ct: "application/octet-stream", body: strings.Repeat("x", 2000), status: 413},
		{name: "upload of the wrong type", method: "POST", path: "/pet/1/uploadImage", ct: "image/png", body: "x", status: 415},
		{name: "required body missing", method: "POST", path: "/pet", ct: "application/json", status: 400},
		{name: "not acceptable", method: "GET", path: "/pet/1", accept: "application/xml", status: 406},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, h, p := raw(t, tt.method, base+tt.path, tt.ct, tt.body, tt.accept)
			if status != tt.status {
				t.Fatalf("status %d, want %d (%+v)", status, tt.status, p)
			}
			if p == nil {
				t.Fatal("no problem+json body")
			}
			if p.Status != tt.status || p.Title != http.StatusText(tt.status) {
				t.Errorf("problem %+v", p)
			}
			if got := h.Get("Allow"); got != tt.allow {
				t.Errorf("Allow %q, want %q", got, tt.allow)
			}
			if p.Parameter != tt.param {
				t.Errorf("parameter %q, want %q (%s)", p.Parameter, tt.param, p.Detail)
			}
			if p.Path != tt.jsonPath || tt.jsonPath != "" && p.Offset != tt.offset {
				t.Errorf("path %q offset %d, want %q offset %d (%s)", p.Path, p.Offset, tt.jsonPath, tt.offset, p.Detail)
			}
		})
	}
}

// panicking makes one operation panic; the rest is the store.
type panicking struct{ *store }

func (panicking) GetInventory(ctx context.Context) (api.GetInventoryResponse, error) {
	panic("inventory exploded")
}

func TestHead(t *testing.T) {
	c, base := start(t)
	added, err := c.AddPet(context.Background(), &api.Pet{Name: "a", PhotoURLs: []string{}})
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.Head(base + "/pet/" + strconv.FormatInt(added.(api.AddPetResponse200).Body.ID.Value, 10))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/json" || len(body) != 0 {
		t.Errorf("HEAD: %d %v %q", resp.StatusCode, resp.Header, body)
	}
}

func TestPanicThenNextRequest(t *testing.T) {
	ts := httptest.NewServer(api.NewServer(panicking{newStore()}))
	defer ts.Close()
	c, err := api.NewClient(ts.URL)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	_, err = c.GetInventory(ctx)
	var se *oashttp.StatusError
	if !errors.As(err, &se) || se.StatusCode != 500 || se.Problem == nil || strings.Contains(se.Problem.Detail, "exploded") {
		t.Fatalf("panic: %v %+v", err, se)
	}
	for range 3 {
		if _, err := c.AddPet(ctx, &api.Pet{Name: "a", PhotoURLs: []string{}}); err != nil {
			t.Fatalf("after a panic: %v", err)
		}
	}
}

func TestDemoRuns(t *testing.T) {
	if err := serverDemo(io.Discard); err != nil {
		t.Fatal(err)
	}
}

// TestClientResponseLimit: the client decodes a response while reading it
// and stops with a *TooLargeError once it passes WithMaxResponseBytes, even
// when the server sends no Content-Length (a streamed response).
func TestClientResponseLimit(t *testing.T) {
	ts := httptest.NewServer(newHandler())
	t.Cleanup(ts.Close)
	ctx := context.Background()
	full, err := api.NewClient(ts.URL+basePath, oashttp.WithHTTPClient(ts.Client()))
	if err != nil {
		t.Fatal(err)
	}
	for i := range 200 {
		if _, err := full.AddPet(ctx, &api.Pet{Name: "pet " + strconv.Itoa(i), PhotoURLs: []string{strings.Repeat("p", 100)},
			Status: oasrt.NewOpt(api.PetStatusAvailable)}); err != nil {
			t.Fatal(err)
		}
	}
	res, err := full.FindPetsByStatus(ctx, api.FindPetsByStatusParams{Status: oasrt.NewOpt(api.StatusAvailable)})
	if err != nil || len(res.(api.FindPetsByStatusResponse200).Body) < 200 {
		t.Fatalf("find: %v", err)
	}
	small, err := api.NewClient(ts.URL+basePath, oashttp.WithHTTPClient(ts.Client()), oashttp.WithMaxResponseBytes(4096))
	if err != nil {
		t.Fatal(err)
	}
	_, err = small.FindPetsByStatus(ctx, api.FindPetsByStatusParams{Status: oasrt.NewOpt(api.StatusAvailable)})
	var tl *oashttp.TooLargeError
	if !errors.As(err, &tl) || tl.Limit != 4096 {
		t.Fatalf("err = %v, want a *TooLargeError of 4096 bytes", err)
	}
}

// TestGzipRequests: a gzip request body is decoded transparently, within
// the body limit on its decoded size; other codings are a 415.
func TestGzipRequests(t *testing.T) {
	ts := httptest.NewServer(newHandler(oashttp.WithMaxBodyBytes(64 << 10)))
	t.Cleanup(ts.Close)
	gz := func(s string) string {
		var b bytes.Buffer
		z := gzip.NewWriter(&b)
		z.Write([]byte(s))
		z.Close()
		return b.String()
	}
	post := func(body, encoding string) (int, string) {
		req, _ := http.NewRequest("POST", ts.URL+basePath+"/pet", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Content-Encoding", encoding)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	if code, body := post(gz(`{"name":"zipped","photoUrls":[]}`), "gzip"); code != 200 || !strings.Contains(body, `"zipped"`) {
		t.Errorf("gzip body: %d %s", code, body)
	}
	if code, body := post(`{"name":"x","photoUrls":[]}`, "br"); code != 415 || !strings.Contains(body, `content encoding \"br\"`) {
		t.Errorf("br body: %d %s", code, body)
	}
	if code, body := post("not gzip at all", "gzip"); code != 400 || !strings.Contains(body, "gzip") {
		t.Errorf("broken gzip: %d %s", code, body)
	}
	// 1 MiB of JSON white space compresses to about a kilobyte: the limit
	// counts the decoded bytes.
	bomb := gz(`{"name":"big","photoUrls":[]` + strings.Repeat(" ", 1<<20) + `}`)
	if code, body := post(bomb, "gzip"); code != 413 || len(bomb) > 64<<10 {
		t.Errorf("gzip bomb of %d bytes: %d %s", len(bomb), code, body)
	}
}

// endless yields n pets, then fails, as a handler whose database breaks
// half-way through a streamed response would.
type endless struct {
	*store
	n int
}

func (e endless) FindPetsByStatus(ctx context.Context, params api.FindPetsByStatusParams) (api.FindPetsByStatusResponse, error) {
	return api.FindPetsByStatusResponse200Stream{Items: func(yield func(api.Pet, error) bool) {
		for i := range e.n {
			if !yield(api.Pet{ID: oasrt.NewOpt(int64(i)), Name: "pet " + strconv.Itoa(i), PhotoURLs: []string{}}, nil) {
				return
			}
		}
		yield(api.Pet{}, errors.New("database went away"))
	}}, nil
}

// TestStreamedResponse: x-oasgen-stream on findPetsByStatus. The store
// answers from an iterator; the client reads the pets one at a time; an
// error after the response started aborts it, and the client says so
// after the pets it had read.
func TestStreamedResponse(t *testing.T) {
	c, _ := start(t)
	ctx := context.Background()
	for i := range 3000 {
		if _, err := c.AddPet(ctx, &api.Pet{Name: "p" + strconv.Itoa(i), PhotoURLs: []string{}, Status: oasrt.NewOpt(api.PetStatusAvailable)}); err != nil {
			t.Fatal(err)
		}
	}
	params := api.FindPetsByStatusParams{Status: oasrt.NewOpt(api.StatusAvailable)}
	res, err := c.FindPetsByStatusStream(ctx, params)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for p, err := range res.(api.FindPetsByStatusResponse200Stream).Items {
		if err != nil {
			t.Fatal(err)
		}
		if p.Name != "p"+strconv.Itoa(n) {
			t.Fatalf("pet %d is %q", n, p.Name)
		}
		n++
	}
	if n != 3000 {
		t.Fatalf("streamed %d pets, want 3000", n)
	}
	// The plain method reads the same response whole.
	whole, err := c.FindPetsByStatus(ctx, params)
	if err != nil || len(whole.(api.FindPetsByStatusResponse200).Body) != 3000 {
		t.Fatalf("plain call: %v", err)
	}

	ts := httptest.NewServer(api.NewServer(endless{newStore(), 5000}))
	t.Cleanup(ts.Close)
	bc, err := api.NewClient(ts.URL, oashttp.WithHTTPClient(ts.Client()))
	if err != nil {
		t.Fatal(err)
	}
	res, err = bc.FindPetsByStatusStream(ctx, params)
	if err != nil {
		t.Fatal(err)
	}
	n, err = 0, nil
	for _, e := range res.(api.FindPetsByStatusResponse200Stream).Items {
		if e != nil {
			err = e
			break
		}
		n++
	}
	if err == nil || n == 0 || n > 5000 {
		t.Fatalf("read %d pets, then err = %v; want some pets, then an error", n, err)
	}
	if _, err := bc.FindPetsByStatus(ctx, params); err == nil {
		t.Fatal("the plain call accepted an aborted response")
	}
}

// TestGzipResponses: a large response goes out gzip-compressed to a client
// that accepts it, streamed or not, and plain to one that does not.
func TestGzipResponses(t *testing.T) {
	c, base := start(t)
	ctx := context.Background()
	for i := range 100 {
		if _, err := c.AddPet(ctx, &api.Pet{Name: "pet " + strconv.Itoa(i), PhotoURLs: []string{}, Status: oasrt.NewOpt(api.PetStatusAvailable)}); err != nil {
			t.Fatal(err)
		}
	}
	get := func(path, accept string) (string, []byte) {
		req, _ := http.NewRequest("GET", base+path, nil)
		req.Header.Set("Accept-Encoding", accept) // set, so net/http leaves the body as sent
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		if resp.Header.Get("Content-Encoding") == "gzip" {
			z, err := gzip.NewReader(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			if b, err = io.ReadAll(z); err != nil {
				t.Fatal(err)
			}
		}
		return resp.Header.Get("Content-Encoding"), b
	}
	for _, path := range []string{"/pet/findByStatus?status=available", "/pet/findByTags?tags=x"} {
		enc, zipped := get(path, "gzip, deflate")
		_, plain := get(path, "identity")
		_, refused := get(path, "gzip;q=0")
		if path == "/pet/findByStatus?status=available" && (enc != "gzip" || len(plain) < oashttp.CompressMin) {
			t.Errorf("%s: encoding %q for %d bytes", path, enc, len(plain))
		}
		if !bytes.Equal(zipped, plain) || !bytes.Equal(refused, plain) {
			t.Errorf("%s: bodies differ by encoding", path)
		}
	}
	// The generated client reads the compressed stream transparently.
	res, err := c.FindPetsByStatus(ctx, api.FindPetsByStatusParams{Status: oasrt.NewOpt(api.StatusAvailable)})
	if err != nil || len(res.(api.FindPetsByStatusResponse200).Body) != 100 {
		t.Fatalf("client: %v", err)
	}
}
