#pragma once

#include "core/exec/chartsuggestion.h"
#include "core/result.h"

#include <QPointer>
#include <QTimer>
#include <QWidget>

QT_BEGIN_NAMESPACE
    class QAbstractItemModel;
    class QChart;
    class QChartView;
    class QComboBox;
    class QLabel;
    class QToolButton;
QT_END_NAMESPACE

namespace sqlmend::ui {

// A chart of any table model (a result): Qt Charts behind one class (STYLE.md rule 10). It reads
// up to pointCap() rows, draws the chart core::ChartSuggestion suggests, lets a person change
// the kind and the columns, follows the model's changes (debounced) and the palette, and exports
// PNG, SVG and PDF. All of it on the GUI thread; painting is fast.
class ChartPanel : public QWidget
{
    Q_OBJECT

public:
    static constexpr int defaultPointCap = 5000;
    static constexpr int refreshDelayMs = 150;
    static constexpr qreal pngPixelRatio = 2.0;

    explicit ChartPanel(QWidget *parent = nullptr);
    ~ChartPanel() override;

    // Not owned. The chart follows resets, inserted, removed and changed rows.
    void setModel(QAbstractItemModel *model);
    QAbstractItemModel *model() const;

    // The role that yields raw values (numbers, dates); labels always use Qt::DisplayRole.
    void setValueRole(int role);
    int valueRole() const;

    void setPointCap(int rows);
    int pointCap() const;

    // What the data suggested, and what is shown (the suggestion, or a person's choice).
    core::ChartSuggestion suggestion() const;
    core::ChartSuggestion shownChart() const;
    // True when the model had more rows than pointCap().
    bool isCapped() const;
    // The explanation under the chart: why this chart, what was left out, export errors.
    QString note() const;

    // A person's choice, as if made with the combo boxes; yields what is shown.
    core::ChartSuggestion setChart(core::ChartKind kind, int categoryOrXColumn,
                                   const QList<int> &valueColumns);
    // Back to the suggestion.
    void resetToSuggestion();
    // Reads the model now instead of after the debounce.
    void refresh();

    // The chart itself, for inspection; owned by the view.
    QChart *chart() const;

    // The size of exports: the chart as shown, or 800 × 500 when it is not on screen.
    QSize exportSize() const;
    // A raster at twice the export size (device pixel ratio 2).
    core::Result<core::Done> exportPng(const QString &path);
    // Vector exports: text stays text.
    core::Result<core::Done> exportSvg(const QString &path);
    core::Result<core::Done> exportPdf(const QString &path);

    // The type, axis and value choosers (for tests).
    QList<QComboBox *> choosers() const { return {m_kindBox, m_xBox, m_valueBox}; }

Q_SIGNALS:
    // After every rebuild of the chart.
    void chartChanged(const sqlmend::core::ChartSuggestion &shown);

protected:
    void changeEvent(QEvent *event) override;
    // A chooser without focus never takes the wheel: it goes on to what scrolls (the chat).
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    enum class Format { Png, Svg, Pdf };

    void readModel();
    void rebuildControls();
    void rebuildChart();
    void applyPalette();
    void updateNote();
    void onControlChanged();
    void exportInteractively(Format format);
    core::Result<core::Done> checkExport(const QString &path) const;
    QRectF prepareExport();

    QPointer<QAbstractItemModel> m_model;
    int m_valueRole = Qt::EditRole;
    int m_pointCap = defaultPointCap;

    // What was read from the model.
    QList<core::ChartColumn> m_columns;
    QList<QStringList> m_displayRows; // labels come from the display text
    QList<QVariantList> m_rows;
    int m_totalRows = 0;
    bool m_moreToFetch = false;

    core::ChartSuggestion m_suggestion;
    core::ChartSuggestion m_shown;
    bool m_userChoice = false;
    core::ChartKind m_choiceKind = core::ChartKind::None;
    int m_choiceX = -1;
    QList<int> m_choiceValues;
    QStringList m_choiceColumns; // the column names the choice was made for
    bool m_updatingControls = false;
    QString m_exportNote;

    QTimer m_refreshTimer;
    QComboBox *m_kindBox = nullptr;
    QComboBox *m_xBox = nullptr;
    QComboBox *m_valueBox = nullptr;
    QToolButton *m_exportButton = nullptr;
    QChartView *m_view = nullptr;
    QChart *m_chart = nullptr;
    QLabel *m_note = nullptr;
};

} // namespace sqlmend::ui
