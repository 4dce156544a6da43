package main

import (
	"context"
	"strings"
	"testing"
)

// TestAdminPasswordReRuns runs the blog three times on one database: with
// BLOG_ADMIN_PASSWORD the admin has that password on every run, created or
// not; without it the password stays, and the start-up output says so and
// how to set it.
func TestAdminPasswordReRuns(t *testing.T) {
	t.Setenv("SECRET_KEY", testSecretKey)
	db := testDatabase(t)
	runs := []struct {
		name, env, password, said string
	}{
		{"first run", "one", "one", "user admin created with the password of BLOG_ADMIN_PASSWORD"},
		{"new password", "two", "two", "user admin: password set from BLOG_ADMIN_PASSWORD"},
		{"no password", "", "two", "user admin: password unchanged (printed when it was created); set BLOG_ADMIN_PASSWORD"},
	}
	for _, r := range runs {
		t.Run(r.name, func(t *testing.T) {
			srv := serveBlog(t, map[string]string{"BLOG_ADDR": "127.0.0.1:0", "BLOG_DB": db,
				"BLOG_API_TOKEN": testAPIToken, "BLOG_ADMIN_PASSWORD": r.env, "BLOG_LOGIN_RATE": "off"})
			if !strings.Contains(srv.out.String(), r.said) {
				t.Errorf("the start-up output does not say %q:\n%s", r.said, srv.out)
			}
			store, err := OpenStore(context.Background(), driverFor(db), db)
			if err != nil {
				t.Fatal(err)
			}
			defer store.Close()
			if _, err := store.Authenticate(context.Background(), "admin", r.password); err != nil {
				t.Errorf("admin with %q: %v", r.password, err)
			}
		})
	}
}
