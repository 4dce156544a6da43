// Starts Swagger UI on the page's #swagger-ui element for the document
// whose URL the element holds in data-url. It is a file of its own, not an
// inline script, so that the page's Content-Security-Policy can allow the
// scripts of the app's own origin only.
(function () {
	"use strict";
	var el = document.getElementById("swagger-ui");
	window.ui = SwaggerUIBundle({
		url: el.dataset.url,
		domNode: el,
		deepLinking: true,
		validatorUrl: null, // no badge from validator.swagger.io: nothing leaves the app
		presets: [SwaggerUIBundle.presets.apis],
		layout: "BaseLayout"
	});
})();
