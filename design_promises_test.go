package fwk_test

// The promises of the design (the public API and its behaviour, section by
// section) and the tests that hold fwk to them. "covered" names tests that
// already assert the promise through the public API; "here" are tests of
// this file; "n/a" says why a promise has no test of its own.
//
// 1 Shape of the module
//   packages fwk, routes, router, naming       covered: routes TestRouteTrees, router TestMatch*, naming TestControllerName/TestPluralize/TestJoin/TestParamTuples
//   *App is an http.Handler                    here: the assertion after TestBindAnonymousStructErrors (compile-time)
//   params also in Request.PathValue           covered: TestPathValuesForHandlers, TestBlueprintHandlers
// 2 App, bundles, hooks, config
//   New(cfg, bundles...), Bundle parts         covered: TestStartupOK, TestImplicitControllers (Controllers), TestStaticFiles (/<bundle>/static/),
//                                              TestRenderOverridesAcrossBundles (Templates), TestBlueprintHandlers (Blueprints), TestInjectEmbedded (Services)
//   Config fields, defaults, env names, Get    covered: TestDefaultConfigGet, TestConfigFromEnv, TestConfigFromEnvErrors
//   ControllerBundle and its lookups           covered: TestRegisterRoutesHookExplicit/Implicit/OtherRoutes; here: TestControllerBundleInstalled (name, always first)
//   hooks and their methods                    covered: TestDefaultHooks, TestRegisterRoutesHookTypeCheck, TestGetExplicitRoutesWithoutRoutes, TestRegisterBlueprintsHook
//   start-up failures name the culprit         covered: TestStartupErrors (bad rule, converter, signature, service, duplicate endpoint,
//                                              conflicting rules, secret key), TestSecretKeyRules; a session or flash used without
//                                              SECRET_KEY cannot be seen before a request: TestSessionWithoutSecretKey (logged 500)
// 3 Controllers
//   views, NoRoute, Meta, endpoints, order     covered: TestControllerRoutes, TestControllerViews, TestControllerRouteNames, discover TestViewDeclarationSite
//   view options                               covered: TestShouldRegister, TestOnlyIfFunc, TestStackedViewDefaults, TestMiddleware (Use),
//                                              TestRouterOutcomes (StrictSlashes, RedirectTo), app_router_agreement tests, TestHostParams (Host/Subdomain)
//   view signatures, routes.Func handlers      covered: TestStartupErrors (signature cases), TestNewRouteBadViews, TestFuncRouteProperties
// 4 Resources                                  covered: TestResourceRoutes, TestResourceCRUD, TestMemberParamFormat, routes TestRouteTrees (subresources, IsMember)
// 5 Declarative routing                        covered: routes TestRouteTrees, TestStackedViewDefaults, TestRuleInheritsDefaultsAndOnlyIf, TestBadCalls,
//                                              TestUnknownRuleView; the example of the section compiles and lists the routes it promises (checked by hand)
// 6 Router and param conversion                covered: router werkzeug/escape/security/alloc tests, TestZeroAllocs, TestMethodNotAllowed (OPTIONS, HEAD, 405 Allow), TestTypedAndQueryParams,
//                                              TestModelParams, TestParamConverter, TestConverterValueReachesView, TestConverterValueAllocs
//                                              (query structs take `query`/`default` tags; their `validate` tags are not run: not promised)
// 7 Request helpers and URL targets            covered: TestCtxJSON, TestCtxErrors, TestCtxRespond, TestAbort, TestCtxURLFor, TestAppURLFor,
//                                              TestRedirect, TestRedirectNextMustReject/Accept, TestWerkzeugExternalBuilding
// 8 Sessions, flash, CSRF, forms, bodies, templates
//   session keys and cookie                    covered: TestSessionRoundTrip, TestSessionCookieAttributes, TestSessionTooLarge, TestSessionTamper, TestSessionKeyRotation,
//                                              TestSessionCookieSecurePerRequest (Secure is decided per request when unset: see Config)
//   server-side store                          covered: TestSessionStore, redisstore TestStore/TestStoreDown
//   flash                                      covered: TestFlashWithoutSession, TestFlashErrorMessage, TestFlashesWithoutSession, TestRenderFuncs (flashes)
//   CSRF                                       covered: TestCSRFTokenRows (reasons, headers, origin), TestGenerateValidateCSRF, TestFlaskWTFTokenCached, flaskwtf_csrf_port tests
//   Form                                       covered: TestFormPrecedence, TestFormValidate, TestFormFieldsAndOrder, wtforms_form_port tests
//   request bodies                             covered: TestBindJSON/URLEncoded/Multipart/BodyLimit, TestValidationErrorShape;
//                                              here: TestBindAnonymousStructErrors (a struct declared in the view: errors keyed by the json name)
//   templates                                  covered: TestRenderResolvesNames, TestRenderExtendsEarlierBundle, TestRenderFuncs, TestRenderDebugReload, app_checks tests (urlFor links)
// 9 Dependency injection                       covered: TestInjectEmbedded, TestInjectSharedController, TestStartupErrors (missing/ambiguous service)
// 10 Route listing                             covered: TestRouteTable, TestRunURLsGolden, TestRunCommands
// 11 Deliberate fixes                          covered: the TestFlaskUnchained* tests (each fix, case by case), naming TestPluralize (statuses)
// 12 App-wide middleware                       covered: TestBundleMiddlewareOrderAndMisses, middleware package tests (RequestID, AccessLog, RealIP, Compress, CORS, BodyLimit, Timeout)
// 13 Hosts and subdomains                      covered: TestHostParams, TestHostOrSubdomainOverrides, TestRedirectHostsOverListener, TestWerkzeugExternalBuilding
// 14 Testing apps                              covered: fwktest package tests (client, forms, session, watch)
// 15 Typed responses and API documents         covered: TestTypedResults, TestTypedResultShapes, TestOpenAPIDocument, TestOpenAPIServed, TestRunCommands (openapi)
// 16 Proxies and deployment                    covered: TestProxyFixWerkzeug, TestProxyTrustedPeer, TestProxyForwarded, TestHealthEndpoints, TestServeTurnsNotReadyAtShutdown

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// designBundle is an app bundle serving the routes it is given.
type designBundle struct{ rs []*fwk.Route }

func (b designBundle) Name() string         { return "app" }
func (b designBundle) Routes() []*fwk.Route { return b.rs }

// designServer serves an app of the given routes on a loopback listener.
func designServer(t *testing.T, cfg fwk.Config, rs ...[]*fwk.Route) *httptest.Server {
	t.Helper()
	app, err := fwk.New(cfg, designBundle{routes.Tree(rs...)})
	if err != nil {
		t.Fatalf("fwk.New: %v", err)
	}
	srv := httptest.NewServer(app)
	t.Cleanup(srv.Close)
	srv.Client().CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return srv
}

// TestBindAnonymousStructErrors binds into a struct declared in the view
// (a type without a name): its validation errors are keyed by the client's
// spelling, as for a named type.
func TestBindAnonymousStructErrors(t *testing.T) {
	srv := designServer(t, fwk.DefaultConfig(),
		routes.Post("/signup", func(c *fwk.Ctx) error {
			var in struct {
				Email string `json:"email" validate:"required,email"`
				Age   int    `json:"age" validate:"min=18"`
			}
			if err := c.Bind(&in); err != nil {
				return err
			}
			return c.NoContent()
		}))
	res, err := srv.Client().Post(srv.URL+"/signup", "application/json", strings.NewReader(`{"email":"x","age":3}`))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var got struct {
		Errors map[string][]string `json:"errors"`
	}
	if err := json.NewDecoder(res.Body).Decode(&got); err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != 422 || len(got.Errors["email"]) != 1 || len(got.Errors["age"]) != 1 || len(got.Errors) != 2 {
		t.Errorf("POST /signup = %d %v, want 422 with errors for email and age", res.StatusCode, got.Errors)
	}
	if msg := got.Errors["age"]; len(msg) == 1 && msg[0] != "Number must be at least 18." {
		t.Errorf("age message = %q", msg[0])
	}
}

// An *App is an http.Handler (checked by the compiler).
var _ http.Handler = (*fwk.App)(nil)

// TestControllerBundleInstalled: the controller bundle is always installed,
// first, under the name "controller_bundle"; a *ControllerBundle given to New
// is the one installed, so its lookups can be read after start-up.
func TestControllerBundleInstalled(t *testing.T) {
	rs := routes.Tree(routes.Get("/hello", func(c *fwk.Ctx) error { return c.NoContent() }, fwk.Endpoint("hello")))
	app, err := fwk.New(fwk.DefaultConfig(), designBundle{rs})
	if err != nil {
		t.Fatal(err)
	}
	bs := app.Bundles()
	if len(bs) != 2 || bs[0].Name() != "controller_bundle" || bs[0] != fwk.Bundle(app.ControllerBundle()) || bs[1].Name() != "app" {
		t.Fatalf("Bundles() = %v, want the controller bundle, then the app bundle", bs)
	}
	mine := &fwk.ControllerBundle{}
	app, err = fwk.New(fwk.DefaultConfig(), mine, designBundle{rs})
	if err != nil {
		t.Fatal(err)
	}
	if app.ControllerBundle() != mine || len(app.Bundles()) != 2 {
		t.Fatalf("a *ControllerBundle given to New is not the one installed: %v", app.Bundles())
	}
	if len(mine.Endpoints["hello"]) != 1 || len(mine.OtherRoutes)+len(mine.BundleRoutes["app"]) != 1 {
		t.Errorf("lookups after New: Endpoints %v, BundleRoutes %v, OtherRoutes %v", mine.Endpoints, mine.BundleRoutes, mine.OtherRoutes)
	}
}
