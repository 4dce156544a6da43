package fwk

import (
	"net/http"
	"reflect"
)

// Route is the record of one route: SPEC's semi-private intermediate
// representation. Routes are built by the routes package (fwk/routes), by View
// declarations and by implicit discovery; fwk.New registers them.
//
// The zero value is not useful; use NewRoute or the routes package.
type Route struct {
	// Declared values. set records which options were given explicitly so that
	// routes.Rule & co. can inherit the others from the view's own declaration.
	rule       string
	view       any // method name string, method value/expression, func, http.Handler
	methodName string
	endpoint   string
	methods    []string
	defaults   map[string]any
	isMember   bool
	onlyIf     any // nil, bool or func(*App) bool
	middleware []func(http.Handler) http.Handler
	blueprint  *Blueprint
	rulOpts    ruleOptions
	set        optionSet

	// Controller/resource routes.
	controller     any          // the controller value (a pointer), nil for plain funcs
	ctrlType       reflect.Type // its type (pointer type)
	meta           *Meta        // resolved Meta of the controller (defaults applied)
	memberParam    string
	uniqueMember   string
	parentResource reflect.Type
	parentMember   string
	isMemberMethod bool // a resource CRUD member method (Get/Patch/Put/Delete)
	fullRule       string

	// Binding: exactly one of fn / handler is set once the route is finalised.
	fn      reflect.Value // bound method value or plain func
	handler http.Handler

	declaredAt string // "file.go:42" of the call that declared the route
	err        error  // a bad declaration; reported by fwk.New
}

type ruleOptions struct {
	strictSlashes *bool
	redirectTo    string
	buildOnly     bool
	host          string
	subdomain     string
}

type optionSet uint16

const (
	setMethods optionSet = 1 << iota
	setEndpoint
	setDefaults
	setIsMember
	setOnlyIf
	setBlueprint
)
