package main

import (
	"cmp"
	"context"
	"io"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/oasgen/oasgen/oasrt"

	"github.com/oasgen/oasgen/examples/petstore/api"
	"github.com/oasgen/oasgen/oasrt/oashttp"
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

func (s *store) id(given oasrt.Opt[int64]) int64 {
	if given.Set && given.Value > 0 {
		s.nextID = max(s.nextID, given.Value+1)
		return given.Value
	}
	id := s.nextID
	s.nextID++
	return id
}

// The store accepts every request the spec calls valid (schemathesis checks
// that, .ci/schemathesis.sh): what the spec does not allow, the generated
// server rejects before a method is called (400, or 422 for a body that
// is JSON but breaks the schema), and what the spec allows is served or
// not found (404).

func (s *store) AddPet(ctx context.Context, body *api.Pet) (api.AddPetResponse, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	body.ID = oasrt.NewOpt(s.id(body.ID))
	s.pets[body.ID.Value] = *body
	return api.AddPetResponse200{Body: *body}, nil
}

func (s *store) UpdatePet(ctx context.Context, body *api.Pet) (api.UpdatePetResponse, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.pets[body.ID.Value]; !body.ID.Set || !ok { // no id: no pet to update
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
	want := api.PetStatus(oasrt.Or(params.Status, api.StatusAvailable)) // the spec's default
	pets := s.sortedPets(func(p *api.Pet) bool { return p.Status.Set && p.Status.Value == want })
	// x-oasgen-stream: the pets are written as the iterator yields them,
	// flushed as the buffer fills, instead of encoded whole first.
	return api.FindPetsByStatusResponse200Stream{Items: func(yield func(api.Pet, error) bool) {
		for _, p := range pets {
			if !yield(p, nil) {
				return
			}
		}
	}}, nil
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
		return api.UpdatePetWithFormResponse404{}, nil
	}
	if params.Name.Set {
		p.Name = params.Name.Value
	}
	if params.Status.Set { // the server checked it is one of the enum's
		p.Status = oasrt.NewOpt(api.PetStatus(params.Status.Value))
	}
	s.pets[params.PetID] = p
	return api.UpdatePetWithFormResponse200{Body: p}, nil
}

func (s *store) DeletePet(ctx context.Context, params api.DeletePetParams) (api.DeletePetResponse, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.pets[params.PetID]; !ok {
		return api.DeletePetResponse404{}, nil
	}
	delete(s.pets, params.PetID)
	return api.DeletePetResponse200{}, nil
}

func (s *store) UploadFile(ctx context.Context, params api.UploadFileParams, body oashttp.RawBody) (api.UploadFileResponse, error) {
	s.mu.Lock()
	_, ok := s.pets[params.PetID]
	s.mu.Unlock()
	if !ok {
		return api.UploadFileResponse404{}, nil
	}
	var n int64
	if body.Body != nil { // the body is optional: no body stores no bytes
		var err error
		if n, err = io.Copy(io.Discard, body.Body); err != nil {
			return nil, err // a body over the server's limit: 413
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
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

// PlaceOrder takes any order the spec allows (the server checked the
// quantity's minimum), also for pets the store does not have: the spec
// gives an order no way to be refused.
func (s *store) PlaceOrder(ctx context.Context, body *api.Order) (api.PlaceOrderResponse, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
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
	s.mu.Lock()
	defer s.mu.Unlock()
	o, ok := s.orders[params.OrderID]
	if !ok {
		return api.GetOrderByIDResponse404{}, nil
	}
	return api.GetOrderByIDResponse200{Body: o}, nil
}

func (s *store) DeleteOrder(ctx context.Context, params api.DeleteOrderParams) (api.DeleteOrderResponse, error) {
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
	s.users[u.Username] = u
}

// CreateUser adds or replaces the user of the name; the server checked
// there is one.
func (s *store) CreateUser(ctx context.Context, body *api.User) (api.CreateUserResponse, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.addUser(*body)
	return api.CreateUserResponse200{Body: s.users[body.Username]}, nil
}

// CreateUsersWithListInput adds the users, and returns the last; the server
// checked the list is not empty.
func (s *store) CreateUsersWithListInput(ctx context.Context, body *[]api.User) (api.CreateUsersWithListInputResponse, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, u := range *body {
		s.addUser(u)
	}
	last := (*body)[len(*body)-1]
	return api.CreateUsersWithListInputResponse200{Body: s.users[last.Username]}, nil
}

// LoginUser logs anyone in: the store keeps no sessions, and the spec
// gives a login no way to be refused but a 400 for input it rejects.
func (s *store) LoginUser(ctx context.Context, params api.LoginUserParams) (api.LoginUserResponse, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var id int64
	if u, ok := s.users[params.Username.Value]; ok && u.Password.Value == params.Password.Value {
		id = u.ID.Value
	}
	return api.LoginUserResponse200{
		Body:          "logged in user session:" + strconv.FormatInt(id, 10),
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

// UpdateUser replaces the user (renaming it when the body names another);
// without a body it changes nothing.
func (s *store) UpdateUser(ctx context.Context, params api.UpdateUserParams, body *api.User) (api.UpdateUserResponse, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	old, ok := s.users[params.Username]
	if !ok {
		return api.UpdateUserResponse404{}, nil
	}
	if body == nil {
		return api.UpdateUserResponse200{}, nil
	}
	delete(s.users, params.Username)
	u := *body
	u.ID = old.ID
	s.users[u.Username] = u
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
