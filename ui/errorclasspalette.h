#pragma once

#include "core/errors/errorclass.h"

#include <QColor>
#include <QPalette>

class QLabel;

namespace sqlmend::ui {

// One colour per error class for badges, picked for the palette in use so that a badge stays
// readable in light and dark themes. Colour is never the only signal: badges also show the name.
class ErrorClassPalette
{
public:
    static bool isDark(const QPalette &palette);
    // The badge's fill for a class; terminal classes share the red family.
    static QColor background(core::ErrorClass errorClass, const QPalette &palette);
    // The fill of a badge for an attempt that worked (green) or came back empty (amber).
    static QColor okBackground(const QPalette &palette);
    static QColor emptyBackground(const QPalette &palette);
    // Black or white, whichever contrasts more with the fill.
    static QColor foreground(const QColor &background);
    // A style sheet for a QLabel badge with that fill (rounded corners; costlier than paintBadge).
    static QString badgeStyleSheet(const QColor &background);
    // Fills a label as a badge: the colour, contrasting text, a little room around the text.
    static void paintBadge(QLabel *label, const QColor &background);
};

} // namespace sqlmend::ui
