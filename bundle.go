package fwk

// Bundle is a unit of an application: a name plus optional parts found by
// type assertion (Routes, Controllers, Templates, Static, Blueprints, Services).
type Bundle interface{ Name() string }
