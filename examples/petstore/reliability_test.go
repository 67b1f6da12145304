package main

import (
	"context"
	"fmt"
	"reflect"
	"sync"
	"testing"

	"github.com/oasgen/oasgen/oasrt"

	"github.com/oasgen/oasgen/examples/petstore/api"
	"github.com/oasgen/oasgen/oasrt/oashttp"
)

// TestConcurrentCRUD runs clients in parallel, each adding, reading,
// updating and deleting pets of its own over HTTP, and checks every answer
// against what that client wrote: no write may be lost, mixed with
// another's or seen after its delete. It is bounded in count (workers x
// rounds requests), and is meant for -race as much as for the result.
func TestConcurrentCRUD(t *testing.T) {
	const workers, rounds = 8, 40
	c, _ := start(t, oashttp.WithResponseCheck())
	ctx := context.Background()
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	for w := range workers {
		wg.Go(func() {
			errs <- crud(ctx, c, w, rounds)
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	// Every pet was deleted by its writer: none is left.
	all, err := c.FindPetsByStatus(ctx, api.FindPetsByStatusParams{Status: oasrt.NewOpt(api.StatusSold)})
	if err != nil || len(all.(api.FindPetsByStatusResponse200).Body) != 0 {
		t.Errorf("left after the deletes: %+v %v", all, err)
	}
}

// crud is one worker's rounds: add, read back, update, read back, delete,
// read back (404).
func crud(ctx context.Context, c *api.Client, w, rounds int) error {
	for i := range rounds {
		name := fmt.Sprintf("w%d-%d", w, i)
		added, err := c.AddPet(ctx, &api.Pet{Name: name, PhotoURLs: []string{name + ".png"}, Status: oasrt.NewOpt(api.PetStatusAvailable)})
		if err != nil {
			return fmt.Errorf("%s: add: %v", name, err)
		}
		pet := added.(api.AddPetResponse200).Body
		if pet.Name != name || !pet.ID.Set {
			return fmt.Errorf("%s: added %+v", name, pet)
		}
		got, err := c.GetPetByID(ctx, api.GetPetByIDParams{PetID: pet.ID.Value})
		if err != nil || !reflect.DeepEqual(got, api.GetPetByIDResponse200{Body: pet}) {
			return fmt.Errorf("%s: read back %+v %v, want %+v", name, got, err, pet)
		}
		pet.Name, pet.Status = name+"-sold", oasrt.NewOpt(api.PetStatusSold)
		if up, err := c.UpdatePet(ctx, &pet); err != nil || !reflect.DeepEqual(up, api.UpdatePetResponse200{Body: pet}) {
			return fmt.Errorf("%s: update %+v %v", name, up, err)
		}
		got, err = c.GetPetByID(ctx, api.GetPetByIDParams{PetID: pet.ID.Value})
		if err != nil || !reflect.DeepEqual(got, api.GetPetByIDResponse200{Body: pet}) {
			return fmt.Errorf("%s: read the update back %+v %v, want %+v", name, got, err, pet)
		}
		if _, err := c.DeletePet(ctx, api.DeletePetParams{PetID: pet.ID.Value}); err != nil {
			return fmt.Errorf("%s: delete %v", name, err)
		}
		got, err = c.GetPetByID(ctx, api.GetPetByIDParams{PetID: pet.ID.Value})
		if _, gone := got.(api.GetPetByIDResponse404); err != nil || !gone {
			return fmt.Errorf("%s: read after delete %+v %v", name, got, err)
		}
	}
	return nil
}
