/**
 * The widget's shadow-DOM stylesheet. Every themable value is a `--recall-box-*` custom property
 * with a light and a dark default; the dark ones apply with `theme="dark"`, or with `theme="auto"`
 * (the default) when the reader's system prefers dark (`color-scheme: light dark` on the host). Layout uses logical properties only
 * (inline-start/end), so `dir="rtl"` on the element or any ancestor mirrors it.
 *
 * Small screens (≤ 640 px, the width under which every peer's search goes full-screen): the dialog
 * fills the screen inside the safe-area insets, as tall as the visual viewport (the element sets
 * --_vvh while the on-screen keyboard takes the rest), and every control is
 * at least 44 px tall (WCAG 2.5.5's target size). Touch-only devices get no keyboard hints.
 *
 * The host page's text styles stop at the host: `all:initial` resets every property the element
 * would inherit (a docs theme's `white-space:nowrap` in its nav bar made snippets run off the panel;
 * `text-transform`, `letter-spacing`, `text-align`, `line-height` and the like distorted them), and
 * only the typeface and its size are taken from the page again, so the box matches the site's
 * text. `all` leaves custom properties alone (CSS Cascade 4), so `--recall-box-*` theming still
 * inherits, and `direction`, so `dir="rtl"` still mirrors. The page's own rules for the element
 * itself still win over `:host`, as they should.
 *
 * The widget build (scripts/build-widget.ts) evaluates this module and ships STYLES minified, as one
 * string: keep it the module's only export, and keep it readable here.
 */

/**
 * [custom property, light default, dark default]. Each pair passes WCAG AA contrast on its
 * background. `light-dark()` picks one by the host's `color-scheme`, which `theme` sets.
 */
const PALETTE: ReadonlyArray<readonly [string, string, string]> = [
  ['bg', '#fff', '#161b22'],
  ['fg', '#1f2328', '#e6edf3'],
  ['muted', '#57606a', '#9da7b3'],
  ['accent', '#1d4ed8', '#8ab4ff'],
  ['border', '#d0d7de', '#3d444d'],
  ['active-bg', '#eef3ff', '#1f2b40'],
  ['mark-bg', '#fde68a', '#7a5a00'],
  ['mark-fg', '#1f2328', '#fff'],
  ['error', '#b91c1c', '#ff9a94'],
  ['backdrop', 'rgb(15 23 42/.45)', 'rgb(0 0 0/.6)'],
];

/** The box's own line height: 1.5, the body text's of the common docs themes (VitePress's 24px on 16px), as the page's may be anything. */
const LINE_HEIGHT = 1.5;

const vars = PALETTE.map(([name, light, dark]) => `--_${name}:var(--recall-box-${name},light-dark(${light},${dark}));`).join('');

export const STYLES = `
:host{all:initial;display:block;position:relative;font-family:inherit;font-size:inherit;line-height:${LINE_HEIGHT};color:var(--_fg);color-scheme:light dark;${vars}--_shadow:var(--recall-box-shadow,0 8px 28px light-dark(rgb(15 23 42/.18),rgb(0 0 0/.55)));--_r:var(--recall-box-radius,.5em)}
:host([theme=light]){color-scheme:light}
:host([theme=dark]){color-scheme:dark}
:host([hidden]),[hidden]{display:none!important}
:host([mode=modal]){display:inline-block}
*{box-sizing:border-box}
.sr{position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.panel{position:relative}
.search{display:flex;align-items:center;gap:.5em;padding-inline:.75em;background:var(--_bg);color:var(--_fg);border:1px solid var(--_border);border-radius:var(--_r)}
.search:focus-within{outline:2px solid var(--_accent);outline-offset:1px}
[part~=icon]{flex:none;color:var(--_muted)}
input{flex:1;min-width:0;padding:.6em 0;font:inherit;color:inherit;background:none;border:0;outline:0}
input::placeholder{color:var(--_muted);opacity:1}
.drop{position:absolute;inset-inline:0;top:calc(100% + .3em);z-index:var(--recall-box-z-index,50);max-height:min(70vh,32rem);overflow:auto;overscroll-behavior:contain;padding:.35em;background:var(--_bg);color:var(--_fg);border:1px solid var(--_border);border-radius:var(--_r);box-shadow:var(--_shadow)}
p{margin:.4em .6em}
[part~=status][data-kind=error]{color:var(--_error)}
[part~=status][data-kind=hint]{color:var(--_muted)}
[part~=badge]{display:inline-block;margin:.35em .6em;padding:.1em .6em;font-size:.8em;border:1px solid currentColor;border-radius:1em;color:var(--_muted)}
[part~=badge][data-level=high]{color:var(--_accent)}
[part~=group-title],[part~=recent-header],[part~=answer-label]{display:flex;align-items:center;justify-content:space-between;gap:1em;margin:.5em .6em .2em;font-size:.8em;font-weight:600;color:var(--_muted)}
[part~=group]+[part~=group]{margin-top:.35em;border-top:1px solid var(--_border)}
[role=option]{display:block;margin:.1em 0;padding:.45em .6em;color:inherit;text-decoration:none;border-radius:calc(var(--_r) - .15em);cursor:pointer;scroll-margin:.35em}
[role=option][aria-disabled=true]{cursor:default}
[role=option]:hover,[role=option][aria-selected=true]{background:var(--_active-bg)}
[role=option][aria-selected=true]{outline:2px solid var(--_accent);outline-offset:-2px}
[part~=title]{display:block;font-weight:600;color:var(--_accent)}
[part~=unlinked] [part~=title]{color:inherit}
[part~=breadcrumb],[part~=answer-source]{display:block;font-size:.85em;color:var(--_muted)}
[part~=snippet]{display:block;margin-top:.15em;font-size:.9em;overflow-wrap:anywhere}
[part~=snippet][data-kind=code]{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;white-space:pre-wrap}
mark{background:var(--_mark-bg);color:var(--_mark-fg);border-radius:.15em}
[part~=fallback-message]{font-weight:600}
[part~=reasons]{margin:.25em .6em;padding-inline-start:1.4em;font-size:.9em;color:var(--_muted)}
[part~=suggestions]{display:flex;flex-wrap:wrap;gap:.4em;margin:.5em .6em;padding:0;list-style:none}
button,[part~=suggestion]{display:inline-block;padding:.3em .7em;font:inherit;font-size:.9em;color:var(--_accent);background:none;border:1px solid var(--_border);border-radius:var(--_r);text-decoration:none;cursor:pointer}
[part~=suggestion][part~=unlinked]{color:inherit;cursor:default}
[part~=fallback-link]{display:inline-block;margin:.25em .6em;color:var(--_accent)}
[part~=show-anyway],[part~=retry]{display:block;margin:.5em .6em}
button:hover{background:var(--_active-bg)}
button:focus-visible,a:focus-visible{outline:2px solid var(--_accent);outline-offset:1px}
[part~=clear-recent]{padding:.1em .5em;font-size:1em}
[part~=facets]{display:flex;flex-wrap:wrap;gap:.3em 1em;margin:.35em .6em}
[part~=facet]{display:flex;flex-wrap:wrap;align-items:center;gap:.3em}
[part~=facet-label]{font-size:.8em;font-weight:600;color:var(--_muted)}
[part~=facet-value]{padding:.15em .6em;border-radius:1em}
[part~=facet-value][aria-checked=true]{color:var(--_bg);background:var(--_accent);border-color:var(--_accent)}
[part~=facet-count]{font-size:.85em;opacity:.8}
[part~=pin]{float:inline-end;margin-inline-start:.5em;color:var(--_muted);visibility:hidden}
[part~=pin]::before{content:"☆"}
[data-pinned] [part~=pin]::before{content:"★"}
[role=option]:hover [part~=pin],[aria-selected=true] [part~=pin],[data-pinned] [part~=pin]{visibility:visible}
:host([no-recent]) [part~=pin]{display:none}
[part~=low-confidence-note]{font-style:italic;color:var(--_muted)}
[part~=results][data-confidence=low]{border-inline-start:3px solid var(--_border)}
kbd{display:inline-block;min-width:1.6em;padding:.05em .35em;font:inherit;font-size:.75em;text-align:center;color:var(--_muted);border:1px solid var(--_border);border-radius:.3em}
[part~=button]{display:inline-flex;align-items:center;gap:.5em;padding:.45em .7em;color:var(--_muted);background:var(--_bg);font-size:1em}
[part~=button]:hover{color:var(--_fg)}
dialog{width:min(40rem,calc(100vw - 2rem));max-width:none;max-height:min(80vh,44rem);margin:10vh auto auto;padding:0;background:var(--_bg);color:var(--_fg);border:1px solid var(--_border);border-radius:var(--_r);box-shadow:var(--_shadow)}
dialog[open]{display:flex;flex-direction:column}
dialog::backdrop{background:var(--_backdrop)}
dialog input::-webkit-search-cancel-button{display:none}
dialog .panel{display:flex;flex-direction:column;min-height:0;flex:1}
dialog .search{margin:.6em;flex:none}
dialog .drop{position:static;flex:1;max-height:none;min-height:3em;padding-top:0;border:0;border-radius:0;box-shadow:none}
[part~=close]{flex:none;padding:.3em;line-height:0;color:var(--_muted);border:0}
[part~=footer]{display:flex;flex-wrap:wrap;gap:1em;padding:.5em .9em;font-size:.8em;color:var(--_muted);border-top:1px solid var(--_border)}
[part~=answer]{margin:.35em;padding:.2em 0;border:1px solid var(--_border);border-inline-start:3px solid var(--_accent);border-radius:var(--_r)}
[part~=answer-text]{margin:.3em .6em;font-size:1em}
[part~=answer-link]{font-weight:600;color:var(--_accent)}
@media (max-width:640px){dialog{width:100vw;height:var(--_vvh,100dvh);max-height:none;margin:0;border:0;border-radius:0;padding:env(safe-area-inset-top) env(safe-area-inset-right) env(safe-area-inset-bottom) env(safe-area-inset-left)}[role=option],button,input,[part~=answer-link]{min-height:44px}[part~=answer-link]{display:inline-flex;align-items:center}[part~=close]{min-width:44px;justify-content:center}}
@media (hover:none) and (pointer:coarse){[part~=footer],[part~=shortcut-hint]{display:none}[part~=pin]{visibility:visible;padding:.6em;margin:-.6em}}
`;
