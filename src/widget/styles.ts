/**
 * The widget's shadow-DOM stylesheet. Every themable value is a `--recall-box-*` custom property
 * with a fallback; the fallbacks are CSS system colors so the box follows the page's light/dark
 * `color-scheme` without configuration. Anything beyond these knobs is reachable via `::part()`.
 */
export const STYLES = `
:host{display:block;font:inherit;color:var(--recall-box-fg,inherit);--a:var(--recall-box-accent,#2563eb);--m:var(--recall-box-muted,GrayText);--b:var(--recall-box-border,color-mix(in srgb,currentColor 25%,transparent));--r:var(--recall-box-radius,.5em)}
:host([hidden]){display:none}
*{box-sizing:border-box}
.sr{position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
input{width:100%;padding:.6em .8em;font:inherit;color:inherit;background:var(--recall-box-bg,Canvas);border:1px solid var(--b);border-radius:var(--r)}
input:focus-visible{outline:2px solid var(--a);outline-offset:1px}
ul{list-style:none;margin:.5em 0 0;padding:0}
ul:empty{display:none}
[part~=result]+[part~=result]{border-top:1px solid var(--b)}
[part~=link]{display:block;padding:.6em .8em;color:inherit;text-decoration:none;border-radius:var(--r)}
a:hover,a:focus-visible{background:color-mix(in srgb,var(--a) 10%,transparent);outline:none}
a:focus-visible{box-shadow:inset 0 0 0 2px var(--a)}
[part~=title]{display:block;font-weight:600}
a [part~=title]{color:var(--a)}
[part~=breadcrumb]{display:block;font-size:.85em;color:var(--m)}
[part~=snippet]{display:block;margin-top:.25em;font-size:.9em}
[part~=snippet][data-kind=code]{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;white-space:pre-wrap}
mark{background:var(--recall-box-mark-bg,Mark);color:var(--recall-box-mark-fg,MarkText);border-radius:.15em}
p{margin:.5em 0 0;padding:0 .8em;color:var(--m)}
p:empty{display:none}
p[data-kind=error]{color:var(--recall-box-error,#b91c1c)}
div:empty{display:none}
[part~=fallback-message]{color:inherit;font-weight:600}
[part~=reasons]{margin:.25em 0 0;padding:0 .8em 0 2.2em;list-style:disc;font-size:.9em;color:var(--m)}
[part~=suggestions]{display:flex;flex-wrap:wrap;gap:.4em;padding:0 .8em}
button,[part~=suggestion]{display:inline-block;padding:.3em .7em;font:inherit;font-size:.9em;color:var(--a);background:none;border:1px solid var(--b);border-radius:var(--r);text-decoration:none;cursor:pointer}
[part~=suggestion][part~=unlinked]{color:inherit;cursor:default}
[part~=fallback-link]{display:inline-block;margin:.5em .8em 0;color:var(--a)}
[part~=show-anyway]{margin:.5em .8em 0;color:inherit}
button:hover{background:color-mix(in srgb,var(--a) 10%,transparent)}
button:focus-visible{outline:2px solid var(--a);outline-offset:1px}
[part~=low-confidence-note]{font-style:italic;outline:none}
ul[data-confidence=low]{border-left:3px solid var(--b)}
`;
