// Package splittest drives testdata/split, an API whose models are split
// into three packages (oasgen.yaml's model-packages): the generated code
// behaves as one package's would, through the aliases its users name.
package splittest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/oasrt"

	"github.com/oasgen/oasgen/oasrt/oasimpl"

	api "github.com/oasgen/oasgen/testdata/split"
)

const order = `{"id":7,"lines":[{"sku":"ABC","price":{"amount":5,"currency":"EUR"}}],` +
	`"payment":{"kind":"card","last4":"1234"},` +
	`"category":{"name":"tools","children":[{"name":"saws"}]},` +
	`"totals":{"net":{"amount":5,"currency":"EUR"}}}`

// TestDecode: references into other packages decode, defaults of another
// package's enum apply, the union picks its variant.
func TestDecode(t *testing.T) {
	var o api.Order
	if err := json.Unmarshal([]byte(order), &o); err != nil {
		t.Fatal(err)
	}
	if o.Status.Value != api.StatusClosed || !o.Status.Set {
		t.Errorf("status = %+v, want the default %q", o.Status, api.StatusClosed)
	}
	if o.Lines[0].Status.Value != api.StatusOpen {
		t.Errorf("line status = %+v, want the default %q", o.Lines[0].Status, api.StatusOpen)
	}
	if o.Payment.Value.Type != api.PaymentCard || o.Payment.Value.Card.Last4 != "1234" {
		t.Errorf("payment = %+v, want the card", o.Payment.Value)
	}
	if c := o.Category.Value; c.Name.Value != "tools" || c.Children[0].Name.Value != "saws" {
		t.Errorf("category = %+v", c)
	}
	if m := o.Totals["net"]; m.Amount != 5 || m.Currency != "EUR" {
		t.Errorf("totals = %+v", o.Totals)
	}
}

// TestErrors: a value breaking a schema of another package fails with its
// path, on decoding and in Validate.
func TestErrors(t *testing.T) {
	bad := strings.Replace(order, `"currency":"EUR"}}]`, `"currency":"eur"}}]`, 1)
	var o api.Order
	err := o.UnmarshalJSON([]byte(bad))
	var e *oasrt.Error
	if !errors.As(err, &e) || e.Path() != "$.lines[0].price.currency" {
		t.Errorf("decoding a lowercase currency: %v, want an error at $.lines[0].price.currency", err)
	}

	if err := o.UnmarshalJSON([]byte(order)); err != nil {
		t.Fatal(err)
	}
	if err := o.Validate(); err != nil {
		t.Fatalf("Validate of a decoded order: %v", err)
	}
	o.Lines[0].Price.Currency = "eur"
	o.Category.Value.Children[0].Name.Value = ""
	err = o.Validate()
	if err == nil || !strings.Contains(err.Error(), "lines[0].price.currency") || !strings.Contains(err.Error(), "category.children[0].name") {
		t.Errorf("Validate: %v, want errors at lines[0].price.currency and category.children[0].name", err)
	}
}

// TestRoundTrip: every door encodes what was decoded, unchanged.
func TestRoundTrip(t *testing.T) {
	var o api.Order
	if err := oasrt.Unmarshal([]byte(order), &o); err != nil {
		t.Fatal(err)
	}
	got, err := json.Marshal(o)
	if err != nil {
		t.Fatal(err)
	}
	var again api.Order
	if err := again.UnmarshalJSON(got); err != nil {
		t.Fatalf("%s: %v", got, err)
	}
	b1, _ := oasrt.Marshal(&o)
	b2, _ := again.MarshalJSON()
	if !bytes.Equal(b1, b2) || !bytes.Contains(b1, []byte(`"status":"closed"`)) {
		t.Errorf("round trip changed the order:\n%s\n%s", b1, b2)
	}
}

// TestStreams: the streaming functions forwarded from the models' package.
func TestStreams(t *testing.T) {
	r := oasimpl.MakeReader([]byte(`[` + order + `,` + order + `]`))
	n := 0
	for o, err := range api.DecodeOrderListItems(&r) {
		if err != nil {
			t.Fatal(err)
		}
		if o.ID != 7 {
			t.Errorf("order %d: id %d", n, o.ID)
		}
		n++
	}
	if n != 2 {
		t.Errorf("decoded %d orders, want 2", n)
	}
}

type handler struct{ api.Unimplemented }

func (handler) CreateOrder(ctx context.Context, body *api.Order) (api.CreateOrderResponse, error) {
	body.ID++
	return api.CreateOrderResponse201{Body: *body}, nil
}

// TestServerAndClient: the server and the client, in the package the
// models are split from, decode and encode them.
func TestServerAndClient(t *testing.T) {
	srv := httptest.NewServer(api.NewServer(handler{}))
	defer srv.Close()
	c, err := api.NewClient(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	var o api.Order
	if err := o.UnmarshalJSON([]byte(order)); err != nil {
		t.Fatal(err)
	}
	res, err := c.CreateOrder(context.Background(), &o)
	if err != nil {
		t.Fatal(err)
	}
	made, ok := res.(api.CreateOrderResponse201)
	if !ok {
		t.Fatalf("result %T, want CreateOrderResponse201", res)
	}
	if made.Body.ID != 8 || made.Body.Payment.Value.Card.Last4 != "1234" {
		t.Errorf("created %+v", made.Body)
	}
}
