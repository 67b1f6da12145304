package payload

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/oasgen/oasgen/bench/internal/plain"
)

// The master-data workload of the streaming benchmark (products, stores and prices in one document):
// one document with three large arrays. Per megabyte of JSON it holds
// about MDProductsPerMB products, MDStoresPerMB stores and MDPricesPerMB
// prices; the record at index i of each array depends only on i, so a
// document of any size is written one record at a time, in constant memory.
const (
	MDProductsPerMB = 1680
	MDStoresPerMB   = 46
	MDPricesPerMB   = 3245
)

var (
	mdWords = strings.Fields(`fresh organic classic premium daily value family size light extra
		crunchy smooth roasted salted sweet spicy green red golden wild mountain river
		coffee tea rice noodle bread cheese butter yogurt apple orange lemon tomato onion
		garlic pepper salt sugar flour oil vinegar sauce soup snack cookie chocolate 日本 茶 米`)
	mdCities     = []string{"Tokyo", "Osaka", "Nagoya", "Sapporo", "Fukuoka", "Kobe", "Kyoto", "Sendai", "Hiroshima", "Chiba"}
	mdCategories = []string{"Food", "Drinks", "Household", "Fresh", "Frozen", "Bakery", "Dairy", "Snacks"}
	mdCurrencies = []string{"JPY", "USD", "EUR"}
)

func mdRand(kind, i int) *rand.Rand { return rand.New(rand.NewPCG(uint64(kind)<<40|uint64(i), 0x5eed)) }

func mdText(r *rand.Rand, n int) string {
	var b strings.Builder
	for j := range n {
		if j > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(mdWords[r.IntN(len(mdWords))])
	}
	return b.String()
}

// MDProduct returns product i.
func MDProduct(i int) plain.MDProduct {
	r := mdRand(1, i)
	c := r.IntN(len(mdCategories))
	p := plain.MDProduct{
		ID:          int64(1_000_000 + i),
		Sku:         fmt.Sprintf("SKU-%08d-%c", i, 'A'+rune(r.IntN(26))),
		Name:        mdText(r, 2+r.IntN(3)),
		Description: mdText(r, 8+r.IntN(12)),
		Active:      r.IntN(10) != 0,
		WeightGrams: int32(50 + r.IntN(5000)),
		Category: plain.MDCategory{
			ID: int32(c + 1), Name: mdCategories[c],
			Path: []string{"All", mdCategories[c], mdCategories[c] + "/" + strconv.Itoa(r.IntN(20))},
		},
		Tags: make([]string, 1+r.IntN(4)),
	}
	for j := range p.Tags {
		p.Tags[j] = mdWords[r.IntN(len(mdWords))]
	}
	p.Attributes = make([]plain.MDAttribute, r.IntN(4))
	for j := range p.Attributes {
		p.Attributes[j] = plain.MDAttribute{Key: "attr" + strconv.Itoa(j), Value: mdText(r, 1+r.IntN(2))}
	}
	return p
}

// MDStore returns store i.
func MDStore(i int) plain.MDStore {
	r := mdRand(2, i)
	city := mdCities[r.IntN(len(mdCities))]
	s := plain.MDStore{
		ID: int32(i + 1), Code: fmt.Sprintf("ST%05d", i), Name: city + " " + mdText(r, 2),
		Open: r.IntN(20) != 0,
		Address: plain.MDAddress{
			Street: strconv.Itoa(1+r.IntN(30)) + "-" + strconv.Itoa(1+r.IntN(20)) + " " + mdText(r, 2) + " street",
			City:   city, PostalCode: fmt.Sprintf("%03d-%04d", r.IntN(1000), r.IntN(10000)), Country: "JP",
		},
		OpeningHours: make([]int32, 14),
	}
	for j := 0; j < 14; j += 2 {
		s.OpeningHours[j], s.OpeningHours[j+1] = int32(600+r.IntN(300)), int32(1800+r.IntN(500))
	}
	return s
}

// MDPrice returns price i.
func MDPrice(i, products, stores int) plain.MDPrice {
	r := mdRand(3, i)
	return plain.MDPrice{
		ProductID:   int64(1_000_000 + r.IntN(max(products, 1))),
		StoreID:     int32(1 + r.IntN(max(stores, 1))),
		AmountCents: int64(100 + r.IntN(1_000_000)),
		Currency:    mdCurrencies[r.IntN(len(mdCurrencies))],
		ValidFrom:   fmt.Sprintf("2026-%02d-%02d", 1+r.IntN(12), 1+r.IntN(28)),
		Promo:       r.IntN(7) == 0,
	}
}

// MDCounts returns the record counts of a document of about mb megabytes.
func MDCounts(mb int) (products, stores, prices int) {
	return mb * MDProductsPerMB, mb * MDStoresPerMB, mb * MDPricesPerMB
}

// MDHeader is the version and date every master-data document carries.
const (
	MDVersion     = "2026.11"
	MDGeneratedAt = "2026-11-23T00:00:00Z"
)

// WriteMasterData writes the master-data document of about mb megabytes to
// w as encoding/json writes plain.MasterData (SetEscapeHTML(false)), one
// record at a time.
func WriteMasterData(w io.Writer, mb int) error {
	products, stores, prices := MDCounts(mb)
	bw := bufio.NewWriterSize(w, 1<<20)
	fmt.Fprintf(bw, `{"version":%q,"generatedAt":%q,"products":[`, MDVersion, MDGeneratedAt)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	put := func(i int, v any) error {
		buf.Reset()
		if err := enc.Encode(v); err != nil {
			return err
		}
		if i > 0 {
			bw.WriteByte(',')
		}
		// Encode ends the value with a newline, which has no place
		// inside an array.
		_, err := bw.Write(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
		return err
	}
	for i := range products {
		if err := put(i, MDProduct(i)); err != nil {
			return err
		}
	}
	bw.WriteString(`],"stores":[`)
	for i := range stores {
		if err := put(i, MDStore(i)); err != nil {
			return err
		}
	}
	bw.WriteString(`],"prices":[`)
	for i := range prices {
		if err := put(i, MDPrice(i, products, stores)); err != nil {
			return err
		}
	}
	bw.WriteString(`]}`)
	return bw.Flush()
}

// MasterDataValue returns the whole document of about mb megabytes.
func MasterDataValue(mb int) plain.MasterData {
	products, stores, prices := MDCounts(mb)
	v := plain.MasterData{Version: MDVersion, GeneratedAt: MDGeneratedAt,
		Products: make([]plain.MDProduct, products), Stores: make([]plain.MDStore, stores), Prices: make([]plain.MDPrice, prices)}
	for i := range v.Products {
		v.Products[i] = MDProduct(i)
	}
	for i := range v.Stores {
		v.Stores[i] = MDStore(i)
	}
	for i := range v.Prices {
		v.Prices[i] = MDPrice(i, products, stores)
	}
	return v
}
