/* The widget manager (@jupyter-widgets/html-manager 1.x) typesets the maths in a
 * widget's label with MathJax 2's call, MathJax.Hub.Queue(["Typeset", MathJax.Hub, el]).
 * The book loads MathJax 3, which has no Hub. This gives it one that asks
 * MathJax 3 to typeset the same element. Before MathJax 3 has started there is
 * nothing to do: when it starts it typesets the whole page, widgets included. */
(function () {
  "use strict";

  function typeset(job) {
    var element = Array.isArray(job) ? job[2] : null;
    var mathjax = window.MathJax;
    if (!element || !mathjax || typeof mathjax.typesetPromise !== "function") {
      return;
    }
    mathjax.startup.promise
      .then(function () { return mathjax.typesetPromise([element]); })
      .catch(function (error) { console.warn("MathJax could not typeset a widget:", error); });
  }

  var hub = {
    Queue: function () {
      Array.prototype.forEach.call(arguments, typeset);
    },
  };

  // Before MathJax 3 loads, window.MathJax is its configuration: MathJax keeps
  // that object as MathJax.config and builds a new window.MathJax, so the Hub
  // is set again once MathJax is ready.
  var config = window.MathJax || {};
  var startup = config.startup || {};
  var ready = startup.ready;
  startup.ready = function () {
    if (typeof ready === "function") {
      ready();
    } else {
      window.MathJax.startup.defaultReady();
    }
    window.MathJax.Hub = hub;
  };
  config.startup = startup;
  config.Hub = hub;
  window.MathJax = config;
})();
