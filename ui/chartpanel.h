#pragma once

#include "core/exec/chartsuggestion.h"
#include "core/exec/charttable.h"
#include "core/result.h"
#include "ui/chartdrawing.h"

#include <QPointer>
#include <QTimer>
#include <QWidget>

QT_BEGIN_NAMESPACE
    class QAbstractItemModel;
    class QChart;
    class QChartView;
    class QComboBox;
    class QGridLayout;
    class QLabel;
    class QMenu;
    class QPainter;
    class QStackedWidget;
    class QToolButton;
QT_END_NAMESPACE

namespace sqlmend::ui {

// A chart of any table model (a result): Qt Charts behind one class (STYLE.md rule 10). It reads
// up to pointCap() rows, draws the chart core::ChartSuggestion suggests, lets a person change
// the kind, the axis, the series and the aggregation, follows the model's changes (debounced)
// and the palette, and exports PNG, SVG and PDF at a chosen size. All of it on the GUI thread;
// painting is fast.
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

    // The question and the SQL the result answers: they sharpen the suggestion and give the
    // title.
    void setSource(const core::ChartSource &source);
    core::ChartSource source() const { return m_source; }
    QString title() const;

    // A person's choice, as if made with the controls; yields what is shown.
    core::ChartSuggestion
    setChart(core::ChartKind kind, int categoryOrXColumn, const QList<int> &valueColumns,
             core::ChartAggregation aggregation = core::ChartAggregation::None);
    // Back to the suggestion.
    void resetToSuggestion();
    // Reads the model now instead of after the debounce.
    void refresh();

    // The chart itself, for inspection; owned by the view.
    QChart *chart() const;

    // The numbers drawn, and the text shown where no chart fits (for tests).
    core::ChartTable table() const { return m_table; }
    QString placeholderText() const;
    bool isPlaceholderShown() const;
    // What the pointer is over: the full label and the value (also the view's tooltip).
    QString hoverText() const;

    // The size of exports: the one chosen in the export menu, else the chart as shown, else
    // 800 × 500 when it is not on screen.
    QSize exportSize() const;
    void setExportSize(QSize size); // an empty size: as shown
    // Each export draws the chart anew off screen at the export size (or size, when valid).
    // A raster at twice the export size (device pixel ratio 2).
    core::Result<core::Done> exportPng(const QString &path, QSize size = {});
    // Vector exports: text stays text.
    core::Result<core::Done> exportSvg(const QString &path, QSize size = {});
    core::Result<core::Done> exportPdf(const QString &path, QSize size = {});

    // The type, axis and aggregation choosers (for tests); the series are a menu.
    QList<QComboBox *> choosers() const { return {m_kindBox, m_xBox, m_aggregationBox}; }
    QToolButton *seriesButton() const { return m_seriesButton; }

Q_SIGNALS:
    // After every rebuild of the chart.
    void chartChanged(const sqlmend::core::ChartSuggestion &shown);

protected:
    void changeEvent(QEvent *event) override;
    // Narrow, the controls take two rows.
    void resizeEvent(QResizeEvent *event) override;
    // A chooser without focus never takes the wheel: it goes on to what scrolls (the chat).
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    enum class Format { Png, Svg, Pdf };

    void readModel();
    void rebuildControls();
    void arrangeControls(bool twoRows);
    int oneRowWidth() const;
    void rebuildChart();
    void applyPalette();
    void updateNote();
    void showChoice(core::ChartKind kind, int x, QList<int> values,
                    core::ChartAggregation aggregation);
    void onKindChosen();
    void onAxisChosen();
    void onSeriesToggled(QAction *action);
    void onAggregationChosen();
    void connectHover();
    void setHover(const QString &text);
    ChartDrawing drawing() const;
    QList<int> numericColumns(int except = -1) const;
    QList<int> chosenSeries() const;
    void exportInteractively(Format format);
    core::Result<core::Done> checkExport(const QString &path) const;
    // Draws the chart anew at size into painter's target rectangle.
    void renderOffscreen(QPainter *painter, const QRectF &target, QSize size) const;

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
    core::ChartAggregation m_choiceAggregation = core::ChartAggregation::None;
    QStringList m_choiceColumns; // the column names the choice was made for
    bool m_updatingControls = false;
    QString m_exportNote;
    core::ChartSource m_source;
    core::ChartTable m_table;
    QString m_hover;
    QSize m_exportSize;

    QTimer m_refreshTimer;
    QGridLayout *m_controls = nullptr;
    QList<QWidget *> m_controlWidgets; // labels and choosers, in reading order
    bool m_twoRows = false;
    QComboBox *m_kindBox = nullptr;
    QComboBox *m_xBox = nullptr;
    QComboBox *m_aggregationBox = nullptr;
    QToolButton *m_seriesButton = nullptr;
    QMenu *m_seriesMenu = nullptr;
    QToolButton *m_exportButton = nullptr;
    QMenu *m_sizeMenu = nullptr;
    QStackedWidget *m_stack = nullptr;
    QChartView *m_view = nullptr;
    QChart *m_chart = nullptr;
    QLabel *m_placeholder = nullptr;
    QLabel *m_note = nullptr;
};

} // namespace sqlmend::ui
