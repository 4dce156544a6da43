package main

import (
	"errors"
	"net/http"

	"github.com/fwkgo/fwk"
)

// Session keys of the logged-in user.
const (
	sessionUserID   = "user_id"
	sessionUserName = "user_name"
)

// AuthController logs users in and out: /login and /logout. Its templates
// are in templates/auth/.
type AuthController struct {
	fwk.Controller
	Store  *Store       `fwk:"inject"`
	Limits *RateLimiter `fwk:"inject"`
}

// Meta routes Login on GET and POST, and Logout on POST only (a link that
// logs out could be followed by any page; a POST needs the CSRF token).
func (c *AuthController) Meta() fwk.Meta {
	return fwk.Meta{Views: []fwk.ViewSpec{
		fwk.View(c.Login, "/login", fwk.Methods(http.MethodGet, http.MethodPost)),
		fwk.View(c.Logout, "/logout", fwk.Methods(http.MethodPost)),
	}}
}

// LoginForm is the login page's form.
type LoginForm struct {
	fwk.Form
	Name     string `label:"User name" validate:"required,max=100"`
	Password string `input:"password" validate:"required,max=1000"`
	Next     string `input:"hidden"` // where to go after logging in
}

// Login shows the login form and checks it. An attempt (a POST) first
// passes the rate limits (RateLimiter: 429 with Retry-After over them),
// since checking a password is the most expensive thing the blog does. On
// success the session gets a new identity (Renew: a session id planted
// before login is worthless after it) and the user's id, and the user goes
// to "next" when it is a safe local URL, else to the admin area.
func (c *AuthController) Login(ctx *fwk.Ctx) error {
	if ctx.Request().Method == http.MethodPost {
		if err := c.Limits.Allow(ctx); err != nil {
			return err
		}
	}
	f := &LoginForm{}
	next := fwk.FormData(fwk.M{"next": ctx.Request().URL.Query().Get("next")})
	if err := fwk.BindForm(ctx, f, next); err != nil {
		return err
	}
	data := fwk.M{"form": f}
	if f.ValidateOnSubmit() {
		u, err := c.Store.Authenticate(ctx.Context(), f.Name, f.Password)
		switch {
		case err == nil:
			return c.loggedIn(ctx, u)
		case errors.Is(err, ErrBadLogin):
			data["error"] = "Wrong user name or password."
		default:
			return err
		}
	}
	return render(ctx, "login", data)
}

// loggedIn starts the session of u and redirects.
func (c *AuthController) loggedIn(ctx *fwk.Ctx, u *User) error {
	s := ctx.Session()
	s.Renew()
	s.Set(sessionUserID, u.ID)
	s.Set(sessionUserName, u.Name)
	if err := ctx.Flash("Welcome, "+u.Name+".", "success"); err != nil {
		return err
	}
	return ctx.Redirect("AdminController.Index")
}

// Logout forgets the user and goes home.
func (c *AuthController) Logout(ctx *fwk.Ctx) error {
	ctx.Session().Clear()
	if err := ctx.Flash("You are logged out.", "info"); err != nil {
		return err
	}
	return ctx.Redirect("SiteController.Index")
}

// requireLogin is the decorator of the admin area (Meta.Decorators): a
// request without a logged-in user is sent to the login page, with the
// URL it asked for as "next".
func requireLogin(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := fwk.CtxFrom(r)
		if ctx == nil { // not served by the app: nothing to check against
			http.Error(w, http.StatusText(http.StatusInternalServerError), http.StatusInternalServerError)
			return
		}
		if _, ok := fwk.SessionValue[int64](ctx.Session(), sessionUserID); ok {
			next.ServeHTTP(w, r)
			return
		}
		if err := ctx.Flash("Please log in to see this page.", "info"); err != nil {
			ctx.App().Logger().Error("blog: flash", "error", err)
		}
		login, err := ctx.URLFor("AuthController.Login", "next", r.URL.RequestURI())
		if err != nil {
			ctx.App().Logger().Error("blog: login URL", "error", err)
			login = "/"
		}
		http.Redirect(w, r, login, http.StatusFound)
	})
}
