package frameworks_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/oasrt"

	"github.com/gin-gonic/gin"
	"github.com/go-chi/chi/v5"
	"github.com/labstack/echo/v4"
	oaschi "github.com/oasgen/oasgen/contrib/chi"
	oasecho "github.com/oasgen/oasgen/contrib/echo"
	oasgin "github.com/oasgen/oasgen/contrib/gin"
	"github.com/oasgen/oasgen/examples/petstore/api"
	"github.com/oasgen/oasgen/oasrt/oasimpl"
)

const petDoc = `{"id":10,"name":"doggie","photoUrls":["https://example.com/a.png"],"status":"available"}`

// handlers returns, for each framework, a handler that answers GET with a
// Pet and echoes a POSTed Pet back.
func handlers() map[string]http.Handler {
	var pet api.Pet
	if err := oasrt.Unmarshal([]byte(petDoc), &pet); err != nil {
		panic(err)
	}

	mux := http.NewServeMux()
	mux.HandleFunc("GET /pet", func(w http.ResponseWriter, r *http.Request) {
		oaschi.JSON(w, r, http.StatusOK, &pet)
	})
	mux.HandleFunc("POST /pet", func(w http.ResponseWriter, r *http.Request) {
		var p api.Pet
		if oaschi.Bind(w, r, &p) {
			oaschi.JSON(w, r, http.StatusOK, &p)
		}
	})

	router := chi.NewRouter()
	router.Get("/pet", func(w http.ResponseWriter, r *http.Request) {
		oaschi.JSON(w, r, http.StatusOK, &pet)
	})
	router.Post("/pet", func(w http.ResponseWriter, r *http.Request) {
		var p api.Pet
		if oaschi.Bind(w, r, &p) {
			oaschi.JSON(w, r, http.StatusOK, &p)
		}
	})

	gin.SetMode(gin.ReleaseMode)
	g := gin.New()
	g.GET("/pet", func(c *gin.Context) { oasgin.JSON(c, http.StatusOK, &pet) })
	g.POST("/pet", func(c *gin.Context) {
		var p api.Pet
		if oasgin.Bind(c, &p) {
			oasgin.JSON(c, http.StatusOK, &p)
		}
	})

	e := echo.New()
	e.JSONSerializer = oasecho.Serializer{}
	e.HTTPErrorHandler = oasecho.ErrorHandler(e, nil)
	e.GET("/pet", func(c echo.Context) error { return c.JSON(http.StatusOK, &pet) })
	e.POST("/pet", func(c echo.Context) error {
		var p api.Pet
		if err := c.Bind(&p); err != nil {
			return err
		}
		return c.JSON(http.StatusOK, &p)
	})

	return map[string]http.Handler{"net/http": mux, "chi": router, "gin": g, "echo": e}
}

func TestFrameworks(t *testing.T) {
	var pet api.Pet
	if err := oasrt.Unmarshal([]byte(petDoc), &pet); err != nil {
		t.Fatal(err)
	}
	var w oasimpl.Writer
	pet.EncodeJSON(&w)
	want := string(w.Buf)

	cases := []struct {
		name       string
		method     string
		body       string
		wantStatus int
		want       string // the body, or for errors a part of it
	}{
		{"get", http.MethodGet, "", http.StatusOK, want},
		{"post echoes", http.MethodPost, petDoc, http.StatusOK, want},
		{"missing required", http.MethodPost, `{"id":1,"photoUrls":[]}`, http.StatusUnprocessableEntity, `missing required property \"name\" (offset 22)`},
		{"bad enum", http.MethodPost, `{"name":"a","photoUrls":[],"status":"lost"}`, http.StatusUnprocessableEntity, `$.status: \"lost\" is not a valid PetStatus (offset 36)`},
		{"trailing data", http.MethodPost, petDoc + ` x`, http.StatusBadRequest, "offset"},
	}
	for name, h := range handlers() {
		for _, tc := range cases {
			t.Run(name+"/"+tc.name, func(t *testing.T) {
				req := httptest.NewRequest(tc.method, "/pet", strings.NewReader(tc.body))
				req.Header.Set("Content-Type", "application/json")
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, req)
				body := strings.TrimSpace(rec.Body.String())
				// A problem's detail is a JSON string: compare it
				// unquoted.
				body = strings.ReplaceAll(body, `\"`, `"`)
				wantBody := strings.ReplaceAll(tc.want, `\"`, `"`)
				if rec.Code != tc.wantStatus {
					t.Fatalf("status %d, want %d; body %s", rec.Code, tc.wantStatus, body)
				}
				if tc.wantStatus == http.StatusOK {
					if body != wantBody {
						t.Errorf("body %s, want %s", body, wantBody)
					}
					if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
						t.Errorf("Content-Type %q", ct)
					}
				} else if !strings.Contains(body, wantBody) {
					t.Errorf("body %s, want it to contain %s", body, wantBody)
				}
			})
		}
	}
}
