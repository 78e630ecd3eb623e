/** The look every floating panel shares (menus, pickers): one surface, one border, one shadow. */
export const floatingPanelClass = "z-50 rounded-2xl border border-border bg-surface text-fg shadow-2xl";

/** Where a floating panel sits: under its trigger, kept 12 px inside the viewport. */
export const floatingPanelPlacement = { sideOffset: 8, collisionPadding: 12 } as const;
