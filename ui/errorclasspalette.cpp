#include "ui/errorclasspalette.h"

#include <QLabel>

#include <cmath>

using namespace Qt::StringLiterals;

namespace sqlmend::ui {

namespace {

// Hues spread around the wheel so that neighbouring classes differ; terminal classes sit near red.
int hue(core::ErrorClass errorClass)
{
    using core::ErrorClass;
    switch (errorClass) {
    case ErrorClass::Permission:
        return 0;
    case ErrorClass::StorageFormat:
        return 345;
    case ErrorClass::TypeUnsupported:
        return 330;
    case ErrorClass::ReadOnlyViolation:
        return 10;
    case ErrorClass::Timeout:
        return 30;
    case ErrorClass::ResourceExceeded:
        return 45;
    case ErrorClass::ColumnMissing:
        return 210;
    case ErrorClass::TableMissing:
        return 230;
    case ErrorClass::FunctionMissing:
        return 260;
    case ErrorClass::OperatorMismatch:
        return 280;
    case ErrorClass::CastError:
        return 300;
    case ErrorClass::Syntax:
        return 190;
    case ErrorClass::AmbiguousColumn:
        return 170;
    case ErrorClass::GroupBy:
        return 150;
    case ErrorClass::DivisionByZero:
        return 60;
    case ErrorClass::Connection:
        return 90;
    case ErrorClass::Other:
        return -1; // grey
    }
    return -1;
}

QColor fill(int hueDegrees, bool dark)
{
    if (hueDegrees < 0)
        return dark ? QColor::fromHsl(0, 0, 90) : QColor::fromHsl(0, 0, 200);
    // Dark themes: deep, saturated fills under white text; light themes: pale fills under black.
    return dark ? QColor::fromHsl(hueDegrees, 150, 80) : QColor::fromHsl(hueDegrees, 170, 200);
}

double luminance(const QColor &colour)
{
    auto channel = [](double value) {
        value /= 255.0;
        return value <= 0.03928 ? value / 12.92 : std::pow((value + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * channel(colour.red()) + 0.7152 * channel(colour.green())
            + 0.0722 * channel(colour.blue());
}

} // namespace

bool ErrorClassPalette::isDark(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

QColor ErrorClassPalette::background(core::ErrorClass errorClass, const QPalette &palette)
{
    return fill(hue(errorClass), isDark(palette));
}

QColor ErrorClassPalette::okBackground(const QPalette &palette)
{
    return fill(120, isDark(palette));
}

QColor ErrorClassPalette::emptyBackground(const QPalette &palette)
{
    return fill(50, isDark(palette));
}

QColor ErrorClassPalette::foreground(const QColor &background)
{
    // WCAG contrast against black and white; the larger wins.
    const double l = luminance(background);
    const double withBlack = (l + 0.05) / 0.05;
    const double withWhite = 1.05 / (l + 0.05);
    return withBlack >= withWhite ? QColor(Qt::black) : QColor(Qt::white);
}

QString ErrorClassPalette::badgeStyleSheet(const QColor &background)
{
    return u"QLabel { background-color: %1; color: %2; border-radius: 3px; padding: 1px 6px; }"_s
            .arg(background.name(), foreground(background).name());
}

void ErrorClassPalette::paintBadge(QLabel *label, const QColor &background)
{
    // A palette, not a style sheet: a hundred cards stay cheap to build.
    QPalette palette = label->palette();
    palette.setColor(QPalette::Window, background);
    palette.setColor(QPalette::WindowText, foreground(background));
    label->setPalette(palette);
    label->setAutoFillBackground(true);
    label->setContentsMargins(6, 1, 6, 1);
}

} // namespace sqlmend::ui
