package main

import (
	"cmp"
	"context"
	"io"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/oasgen/oasgen/examples/petstore/api"
	"github.com/oasgen/oasgen/oasrt"
)

// store is an in-memory implementation of the generated api.Handler: pets,
// orders and users behind one mutex.
type store struct {
	mu     sync.Mutex
	nextID int64
	pets   map[int64]api.Pet
	orders map[int64]api.Order
	users  map[string]api.User
	images map[int64]int // bytes uploaded per pet
}

var _ api.Handler = (*store)(nil)

func newStore() *store {
	return &store{
		nextID: 1,
		pets:   map[int64]api.Pet{},
		orders: map[int64]api.Order{},
		users:  map[string]api.User{},
		images: map[int64]int{},
	}
}

// notFound is the problem for an operation whose spec declares no 404.
func notFound(what string, id int64) error {
	return &oasrt.Problem{Status: http.StatusNotFound, Title: "Not Found", Detail: what + " " + strconv.FormatInt(id, 10) + " not found"}
}

// validPet checks what the schema cannot: a pet needs a non-empty name.
func validPet(p *api.Pet) bool { return p.Name != "" }

func (s *store) id(given oasrt.Opt[int64]) int64 {
	if given.Set && given.Value > 0 {
		s.nextID = max(s.nextID, given.Value+1)
		return given.Value
	}
	id := s.nextID
	s.nextID++
	return id
}

func (s *store) AddPet(ctx context.Context, body *api.Pet) (api.AddPetResponse, error) {
	if !validPet(body) {
		return api.AddPetResponse422{}, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	body.ID = oasrt.NewOpt(s.id(body.ID))
	s.pets[body.ID.Value] = *body
	return api.AddPetResponse200{Body: *body}, nil
}

func (s *store) UpdatePet(ctx context.Context, body *api.Pet) (api.UpdatePetResponse, error) {
	if !body.ID.Set {
		return api.UpdatePetResponse400{}, nil
	}
	if !validPet(body) {
		return api.UpdatePetResponse422{}, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.pets[body.ID.Value]; !ok {
		return api.UpdatePetResponse404{}, nil
	}
	s.pets[body.ID.Value] = *body
	return api.UpdatePetResponse200{Body: *body}, nil
}

// sortedPets returns the pets that keep, by id.
func (s *store) sortedPets(keep func(*api.Pet) bool) []api.Pet {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := []api.Pet{}
	for _, p := range s.pets {
		if keep(&p) {
			out = append(out, p)
		}
	}
	slices.SortFunc(out, func(a, b api.Pet) int { return cmp.Compare(a.ID.Value, b.ID.Value) })
	return out
}

func (s *store) FindPetsByStatus(ctx context.Context, params api.FindPetsByStatusParams) (api.FindPetsByStatusResponse, error) {
	want := api.PetStatus(params.Status.Or(api.FindPetsByStatusStatusAvailable)) // the spec's default
	pets := s.sortedPets(func(p *api.Pet) bool { return p.Status.Set && p.Status.Value == want })
	return api.FindPetsByStatusResponse200{Body: pets}, nil
}

func (s *store) FindPetsByTags(ctx context.Context, params api.FindPetsByTagsParams) (api.FindPetsByTagsResponse, error) {
	pets := s.sortedPets(func(p *api.Pet) bool {
		for _, t := range p.Tags {
			if slices.Contains(params.Tags, t.Name.Value) {
				return true
			}
		}
		return false
	})
	return api.FindPetsByTagsResponse200{Body: pets}, nil
}

func (s *store) GetPetByID(ctx context.Context, params api.GetPetByIDParams) (api.GetPetByIDResponse, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p, ok := s.pets[params.PetID]
	if !ok {
		return api.GetPetByIDResponse404{}, nil
	}
	return api.GetPetByIDResponse200{Body: p}, nil
}

func (s *store) UpdatePetWithForm(ctx context.Context, params api.UpdatePetWithFormParams) (api.UpdatePetWithFormResponse, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p, ok := s.pets[params.PetID]
	if !ok {
		return nil, notFound("pet", params.PetID)
	}
	if params.Name.Set {
		if params.Name.Value == "" {
			return api.UpdatePetWithFormResponse400{}, nil
		}
		p.Name = params.Name.Value
	}
	if params.Status.Set {
		switch st := api.PetStatus(params.Status.Value); st {
		case api.PetStatusAvailable, api.PetStatusPending, api.PetStatusSold:
			p.Status = oasrt.NewOpt(st)
		default:
			return api.UpdatePetWithFormResponse400{}, nil
		}
	}
	s.pets[params.PetID] = p
	return api.UpdatePetWithFormResponse200{Body: p}, nil
}

func (s *store) DeletePet(ctx context.Context, params api.DeletePetParams) (api.DeletePetResponse, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.pets[params.PetID]; !ok {
		return nil, notFound("pet", params.PetID)
	}
	delete(s.pets, params.PetID)
	return api.DeletePetResponse200{}, nil
}

func (s *store) UploadFile(ctx context.Context, params api.UploadFileParams, body oasrt.RawBody) (api.UploadFileResponse, error) {
	if body.Body == nil {
		return api.UploadFileResponse400{}, nil
	}
	n, err := io.Copy(io.Discard, body.Body)
	if err != nil {
		return nil, err // a body over the server's limit: 413
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.pets[params.PetID]; !ok {
		return api.UploadFileResponse404{}, nil
	}
	s.images[params.PetID] += int(n)
	msg := "stored " + strconv.FormatInt(n, 10) + " bytes"
	if params.AdditionalMetadata.Set {
		msg += " (" + params.AdditionalMetadata.Value + ")"
	}
	return api.UploadFileResponse200{Body: api.APIResponse{
		Code: oasrt.NewOpt[int32](200), Type: oasrt.NewOpt("ok"), Message: oasrt.NewOpt(msg),
	}}, nil
}

func (s *store) GetInventory(ctx context.Context) (api.GetInventoryResponse, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	inv := map[string]int32{}
	for _, p := range s.pets {
		if p.Status.Set {
			inv[string(p.Status.Value)]++
		}
	}
	return api.GetInventoryResponse200{Body: inv}, nil
}

func (s *store) PlaceOrder(ctx context.Context, body *api.Order) (api.PlaceOrderResponse, error) {
	if body == nil || !body.PetID.Set {
		return api.PlaceOrderResponse400{}, nil
	}
	if body.Quantity.Set && body.Quantity.Value <= 0 {
		return api.PlaceOrderResponse422{}, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.pets[body.PetID.Value]; !ok {
		return api.PlaceOrderResponse422{}, nil
	}
	body.ID = oasrt.NewOpt(s.id(body.ID))
	if !body.Status.Set {
		body.Status = oasrt.NewOpt(api.OrderStatusPlaced)
	}
	if !body.ShipDate.Set {
		body.ShipDate = oasrt.NewOpt(time.Now().UTC().Truncate(time.Second))
	}
	s.orders[body.ID.Value] = *body
	return api.PlaceOrderResponse200{Body: *body}, nil
}

func (s *store) GetOrderByID(ctx context.Context, params api.GetOrderByIDParams) (api.GetOrderByIDResponse, error) {
	if params.OrderID < 1 {
		return api.GetOrderByIDResponse400{}, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	o, ok := s.orders[params.OrderID]
	if !ok {
		return api.GetOrderByIDResponse404{}, nil
	}
	return api.GetOrderByIDResponse200{Body: o}, nil
}

func (s *store) DeleteOrder(ctx context.Context, params api.DeleteOrderParams) (api.DeleteOrderResponse, error) {
	if params.OrderID < 1 {
		return api.DeleteOrderResponse400{}, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.orders[params.OrderID]; !ok {
		return api.DeleteOrderResponse404{}, nil
	}
	delete(s.orders, params.OrderID)
	return api.DeleteOrderResponse200{}, nil
}

func (s *store) addUser(u api.User) {
	u.ID = oasrt.NewOpt(s.id(u.ID))
	s.users[u.Username.Value] = u
}

func (s *store) CreateUser(ctx context.Context, body *api.User) (api.CreateUserResponse, error) {
	if body == nil || body.Username.Value == "" {
		return nil, &oasrt.Problem{Status: http.StatusBadRequest, Title: "Bad Request", Detail: "a user needs a username"}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.addUser(*body)
	return api.CreateUserResponse200{Body: s.users[body.Username.Value]}, nil
}

func (s *store) CreateUsersWithListInput(ctx context.Context, body *[]api.User) (api.CreateUsersWithListInputResponse, error) {
	if body == nil || len(*body) == 0 {
		return nil, &oasrt.Problem{Status: http.StatusBadRequest, Title: "Bad Request", Detail: "no users given"}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, u := range *body {
		if u.Username.Value == "" {
			return nil, &oasrt.Problem{Status: http.StatusBadRequest, Title: "Bad Request", Detail: "a user needs a username"}
		}
	}
	for _, u := range *body {
		s.addUser(u)
	}
	last := (*body)[len(*body)-1]
	return api.CreateUsersWithListInputResponse200{Body: s.users[last.Username.Value]}, nil
}

func (s *store) LoginUser(ctx context.Context, params api.LoginUserParams) (api.LoginUserResponse, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	u, ok := s.users[params.Username.Value]
	if !ok || u.Password.Value != params.Password.Value {
		return api.LoginUserResponse400{}, nil
	}
	return api.LoginUserResponse200{
		Body:          "logged in user session:" + strconv.FormatInt(u.ID.Value, 10),
		XRateLimit:    oasrt.NewOpt[int32](5000),
		XExpiresAfter: oasrt.NewOpt(time.Now().UTC().Add(time.Hour).Truncate(time.Second)),
	}, nil
}

func (s *store) LogoutUser(ctx context.Context) (api.LogoutUserResponse, error) {
	return api.LogoutUserResponse200{}, nil
}

func (s *store) GetUserByName(ctx context.Context, params api.GetUserByNameParams) (api.GetUserByNameResponse, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	u, ok := s.users[params.Username]
	if !ok {
		return api.GetUserByNameResponse404{}, nil
	}
	return api.GetUserByNameResponse200{Body: u}, nil
}

func (s *store) UpdateUser(ctx context.Context, params api.UpdateUserParams, body *api.User) (api.UpdateUserResponse, error) {
	if body == nil {
		return api.UpdateUserResponse400{}, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	old, ok := s.users[params.Username]
	if !ok {
		return api.UpdateUserResponse404{}, nil
	}
	delete(s.users, params.Username)
	u := *body
	u.ID = old.ID
	if !u.Username.Set {
		u.Username = old.Username
	}
	s.users[u.Username.Value] = u
	return api.UpdateUserResponse200{}, nil
}

func (s *store) DeleteUser(ctx context.Context, params api.DeleteUserParams) (api.DeleteUserResponse, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.users[params.Username]; !ok {
		return api.DeleteUserResponse404{}, nil
	}
	delete(s.users, params.Username)
	return api.DeleteUserResponse200{}, nil
}
