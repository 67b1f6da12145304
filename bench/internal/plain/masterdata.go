package plain

// The master-data workload of the streaming benchmark (specs/masterdata.yaml):
// every property is required, so every field is a plain value.

type MasterData struct {
	Version     string      `json:"version"`
	GeneratedAt string      `json:"generatedAt"`
	Products    []MDProduct `json:"products"`
	Stores      []MDStore   `json:"stores"`
	Prices      []MDPrice   `json:"prices"`
}

type MDProduct struct {
	ID          int64         `json:"id"`
	Sku         string        `json:"sku"`
	Name        string        `json:"name"`
	Description string        `json:"description"`
	Active      bool          `json:"active"`
	WeightGrams int32         `json:"weightGrams"`
	Category    MDCategory    `json:"category"`
	Tags        []string      `json:"tags"`
	Attributes  []MDAttribute `json:"attributes"`
}

type MDCategory struct {
	ID   int32    `json:"id"`
	Name string   `json:"name"`
	Path []string `json:"path"`
}

type MDAttribute struct {
	Key   string `json:"key"`
	Value string `json:"value"`
}

type MDStore struct {
	ID           int32     `json:"id"`
	Code         string    `json:"code"`
	Name         string    `json:"name"`
	Open         bool      `json:"open"`
	Address      MDAddress `json:"address"`
	OpeningHours []int32   `json:"openingHours"`
}

type MDAddress struct {
	Street     string `json:"street"`
	City       string `json:"city"`
	PostalCode string `json:"postalCode"`
	Country    string `json:"country"`
}

type MDPrice struct {
	ProductID   int64  `json:"productId"`
	StoreID     int32  `json:"storeId"`
	AmountCents int64  `json:"amountCents"`
	Currency    string `json:"currency"`
	ValidFrom   string `json:"validFrom"`
	Promo       bool   `json:"promo"`
}
