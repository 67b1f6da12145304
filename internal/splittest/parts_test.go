package splittest

import (
	"context"
	"errors"
	"go/token"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/oasgen/oasgen/oasrt/oashttp"

	api "github.com/oasgen/oasgen/testdata/split"
)

// orders is a Handler of the API whose operations are split into parts
// (testdata/split's op-packages): its methods are those of the parts'
// Handler interfaces, and the API's Unimplemented answers the rest.
type orders struct {
	handler
	notes []string
}

func (*orders) HandleToken(ctx context.Context, op, token string, scopes []string) (context.Context, error) {
	if token != "secret" {
		return nil, errors.New("bad token")
	}
	return ctx, nil
}

func (*orders) GetOrder(ctx context.Context, params api.GetOrderParams) (api.GetOrderResponse, error) {
	if params.ID != 7 {
		return api.GetOrderResponse404{}, nil
	}
	var o api.Order
	err := o.UnmarshalJSON([]byte(order))
	return api.GetOrderResponse200{Body: o}, err
}

func (*orders) DeleteOrder(ctx context.Context, params api.DeleteOrderParams) (api.DeleteOrderResponse, error) {
	return api.DeleteOrderResponse204{}, nil
}

func (*orders) CancelOrder(ctx context.Context, params api.CancelOrderParams) (api.CancelOrderResponse, error) {
	return api.CancelOrderResponse404{}, nil
}

func (h *orders) AddNote(ctx context.Context, params api.AddNoteParams, body *api.Note) (api.AddNoteResponse, error) {
	h.notes = append(h.notes, body.Text)
	return api.AddNoteResponse204{}, nil
}

// TestParts: the operations' types, server and client are each split
// into parts, and the server and client made of them serve and call every
// operation as one package's would: the security check of the root
// server before a part's handler, path parameters, a form body, the
// results of operations that answer alike.
func TestParts(t *testing.T) {
	for _, dir := range []string{"oasops", "oasserver", "oasclient"} {
		parts, _ := filepath.Glob(filepath.Join("../../testdata/split/internal", dir, "[ocs]0*"))
		if len(parts) < 2 {
			t.Fatalf("%s: %d parts, want the operations split", dir, len(parts))
		}
	}
	if _, err := os.Stat("../../testdata/split/internal/oasops/oas_ops_gen.go"); err == nil {
		t.Error("the operations' types are split into parts and also one package")
	}

	h := &orders{}
	srv := httptest.NewServer(api.NewServer(h))
	defer srv.Close()
	ctx := context.Background()
	token := oashttp.WithTokenSource(oashttp.TokenFunc(func() (*oashttp.Token, error) {
		return &oashttp.Token{AccessToken: "secret"}, nil
	}))
	c, err := api.NewClient(srv.URL, token)
	if err != nil {
		t.Fatal(err)
	}

	got, err := c.GetOrder(ctx, api.GetOrderParams{ID: 7})
	if res, ok := got.(api.GetOrderResponse200); err != nil || !ok || res.Body.ID != 7 {
		t.Errorf("GetOrder(7) = %#v, %v; want the order", got, err)
	}
	if got, err := c.GetOrder(ctx, api.GetOrderParams{ID: 8}); err != nil || got != (api.GetOrderResponse404{}) {
		t.Errorf("GetOrder(8) = %#v, %v; want a 404", got, err)
	}
	if got, err := c.DeleteOrder(ctx, api.DeleteOrderParams{ID: 7}); err != nil || got != (api.DeleteOrderResponse204{}) {
		t.Errorf("DeleteOrder = %#v, %v; want a 204", got, err)
	}
	// CancelOrder answers as DeleteOrder does: its result types are
	// DeleteOrder's, whatever parts they are in.
	if got, err := c.CancelOrder(ctx, api.CancelOrderParams{ID: 7}); err != nil || got != (api.CancelOrderResponse404{}) {
		t.Errorf("CancelOrder = %#v, %v; want a 404", got, err)
	}
	if got, err := c.AddNote(ctx, api.AddNoteParams{ID: 7}, &api.Note{Text: "fragile"}); err != nil || got != (api.AddNoteResponse204{}) || len(h.notes) != 1 || h.notes[0] != "fragile" {
		t.Errorf("AddNote = %#v, %v, notes %q; want a 204 and the note", got, err, h.notes)
	}
	// A path parameter that breaks its schema is refused by the part's
	// decoder; an operation with security is refused by the root's check
	// before it.
	var se *oashttp.StatusError
	unchecked, err := api.NewClient(srv.URL, oashttp.WithoutRequestCheck())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := unchecked.CancelOrder(ctx, api.CancelOrderParams{ID: 0}); !errors.As(err, &se) || se.StatusCode != 400 {
		t.Errorf("CancelOrder(0) = %v; want a 400", err)
	}
	anon, err := api.NewClient(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := anon.DeleteOrder(ctx, api.DeleteOrderParams{ID: 7}); !errors.As(err, &se) || se.StatusCode != 401 {
		t.Errorf("DeleteOrder without a token = %v; want a 401", err)
	}
	// The Unimplemented of the API answers for every part.
	if _, err := c.ListOrders(ctx, api.ListOrdersParams{}); !errors.As(err, &se) || se.StatusCode != 501 {
		t.Errorf("ListOrders = %v; want a 501", err)
	}
}

// TestPartsSealed: the results' interfaces, whose writers are exported
// for the server's parts, keep a method no other package can declare (an
// unexported one, or one whose parameter is of an unexported type), so no
// type of another package is a result.
func TestPartsSealed(t *testing.T) {
	for _, typ := range []reflect.Type{
		reflect.TypeFor[api.GetOrderResponse](),
		reflect.TypeFor[api.DeleteOrderResponse](),
		reflect.TypeFor[api.CancelOrderResponse](),
		reflect.TypeFor[api.CreateOrderResponse](),
	} {
		sealed := false
		for i := range typ.NumMethod() {
			m := typ.Method(i)
			sealed = sealed || !m.IsExported()
			for j := range m.Type.NumIn() {
				p := m.Type.In(j)
				if p.Kind() == reflect.Pointer {
					p = p.Elem()
				}
				sealed = sealed || p.Name() != "" && p.PkgPath() != "" && !token.IsExported(p.Name())
			}
		}
		if !sealed {
			t.Errorf("%v has no method another package cannot declare: any type with its writer is one", typ)
		}
	}
}
